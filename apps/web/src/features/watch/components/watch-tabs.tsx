import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RightMenuModel, RightMenuTab } from '@marquee/domain';

/**
 * The right-menu tab bar (§2.3): the shown tabs, then a More dropdown with the overflow; the
 * panel of the active tab below. Arrow keys move between tabs (WAI-ARIA tabs pattern).
 */
export function WatchTabs({
  model,
  active,
  onSelect,
  panel,
}: {
  model: RightMenuModel;
  active: RightMenuTab;
  onSelect: (tab: RightMenuTab) => void;
  panel: ReactNode;
}) {
  const { t } = useTranslation('watchRoutes');
  const base = useId();
  const [moreOpen, setMoreOpen] = useState(false);
  const moreRef = useRef<HTMLDivElement>(null);
  const tabRefs = useRef(new Map<RightMenuTab, HTMLButtonElement>());
  const activeInMore = model.more.includes(active);

  useEffect(() => {
    if (!moreOpen) return;
    const close = (e: MouseEvent) => {
      if (!moreRef.current?.contains(e.target as Node)) setMoreOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [moreOpen]);

  const onKey = (e: KeyboardEvent) => {
    const i = model.shown.indexOf(active);
    let next: RightMenuTab | undefined;
    if (e.key === 'ArrowRight') next = model.shown[(i + 1) % model.shown.length];
    else if (e.key === 'ArrowLeft') next = model.shown[(i - 1 + model.shown.length) % model.shown.length];
    else if (e.key === 'Home') next = model.shown[0];
    else if (e.key === 'End') next = model.shown[model.shown.length - 1];
    if (!next) return;
    e.preventDefault();
    onSelect(next);
    tabRefs.current.get(next)?.focus();
  };

  const pick = (tab: RightMenuTab) => {
    onSelect(tab);
    setMoreOpen(false);
  };

  return (
    <section className="watch-tabs" data-testid="watch-tabs">
      <div className="watch-tabs__bar">
        <div role="tablist" aria-label={t('tabs.label')} className="watch-tabs__list" onKeyDown={onKey}>
          {model.shown.map((tab) => (
            <button
              key={tab}
              ref={(el) => void (el ? tabRefs.current.set(tab, el) : tabRefs.current.delete(tab))}
              type="button"
              role="tab"
              id={`${base}-tab-${tab}`}
              aria-selected={tab === active}
              aria-controls={`${base}-panel`}
              tabIndex={tab === active || (activeInMore && tab === model.shown[0]) ? 0 : -1}
              className="watch-tabs__tab"
              data-testid={`watch-tab-${tab}`}
              onClick={() => onSelect(tab)}
            >
              {t(`tabs.${tab}`)}
            </button>
          ))}
        </div>
        {model.more.length ? (
          <div className="watch-tabs__more" ref={moreRef}>
            <button
              type="button"
              className={`watch-tabs__tab${activeInMore ? ' watch-tabs__tab--active' : ''}`}
              aria-haspopup="true"
              aria-expanded={moreOpen}
              data-testid="watch-tab-more"
              onClick={() => setMoreOpen((o) => !o)}
              onKeyDown={(e) => e.key === 'Escape' && setMoreOpen(false)}
            >
              {activeInMore ? t(`tabs.${active}`) : t('tabs.more')} ▾
            </button>
            {moreOpen ? (
              <ul className="watch-tabs__menu">
                {model.more.map((tab) => (
                  <li key={tab}>
                    <button
                      type="button"
                      className="watch-tabs__menu-item"
                      aria-current={tab === active || undefined}
                      data-testid={`watch-tab-${tab}`}
                      onClick={() => pick(tab)}
                      onKeyDown={(e) => e.key === 'Escape' && setMoreOpen(false)}
                    >
                      {t(`tabs.${tab}`)}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-tab-${active}`}
        className="watch-tabs__panel"
        tabIndex={0}
        data-testid={`watch-panel-${active}`}
      >
        {panel}
      </div>
    </section>
  );
}
