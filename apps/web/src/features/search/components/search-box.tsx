import { SEARCH_DEBOUNCE_MS } from '@marquee/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import './search-box.css';

/**
 * The header's search field: typing goes to /searchs?q=… after 300 ms without a keystroke
 * (discovery-and-site §2.4, §9); Enter goes at once. On the results page it keeps the filters
 * and replaces the history entry, so Back leaves search instead of replaying each word.
 */
export function SearchBox() {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onResults = location.pathname === paths.search.path;
  const urlQ = onResults ? (params.get('q') ?? '') : '';
  const [value, setValue] = useState(urlQ);
  const typed = useRef(false);

  // Follow the URL (Back, a link) unless the viewer is typing.
  useEffect(() => {
    if (!typed.current) setValue(urlQ);
  }, [urlQ]);

  const go = (q: string) => {
    typed.current = false;
    const trimmed = q.trim();
    if (!trimmed || (onResults && trimmed === urlQ.trim())) return;
    const next = onResults ? new URLSearchParams(params) : new URLSearchParams();
    next.set('q', trimmed);
    void navigate(`${paths.search.path}?${next}`, { replace: onResults });
  };

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => go(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only a new value restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new value restarts the wait (comment above)
  }, [value]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(value);
  };

  return (
    <form className="search-box" role="search" onSubmit={submit} data-testid="search-box">
      <label htmlFor="search-box-input" className="visually-hidden">
        {t('box.label')}
      </label>
      <input
        id="search-box-input"
        className="search-box__input"
        type="search"
        value={value}
        placeholder={t('box.placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        onChange={(e) => {
          typed.current = true;
          setValue(e.target.value);
        }}
      />
      <button type="submit" className="search-box__submit" aria-label={t('box.submit')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
