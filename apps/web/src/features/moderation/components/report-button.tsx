import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '@marquee/api-client/react';
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportKind, type ReportReason } from '@marquee/domain';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../lib/toast';
import { useReport } from '../api/use-moderation';
import { reportRefusal } from '../utils/report-outcome';
import './moderation.css';

/**
 * "Report" on a moment or a gif (decision 0054): signed-out viewers go to login; others pick a
 * reason (and a note) in a small dialog. Sent, or reported before, the dialog closes with a toast.
 */
export function ReportButton({
  kind,
  itemId,
  loginHref,
}: {
  kind: ReportKind;
  itemId: string;
  loginHref: string;
}) {
  const { t } = useTranslation('moderation');
  const { status } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const label = kind === 'moment' ? t('reportMoment') : t('reportGif');
  return (
    <>
      <button
        type="button"
        className="text-action"
        aria-label={label}
        title={label}
        onClick={() => (status === 'signedIn' ? setOpen(true) : void navigate(loginHref))}
        data-testid="report-button"
      >
        {t('report')}
      </button>
      {open ? (
        <ReportDialog kind={kind} itemId={itemId} title={label} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

function ReportDialog({
  kind,
  itemId,
  title,
  onClose,
}: {
  kind: ReportKind;
  itemId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('moderation');
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const ids = { reason: useId(), note: useId() };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason) return;
    report.mutate(
      { kind, itemId, reason, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          showToast(t('sent'), 'success');
          onClose();
        },
        onError: (error) => {
          const refusal = reportRefusal(error);
          if (refusal === 'failed') return; // shown in the dialog; the viewer may try again
          showToast(t(refusal), 'info');
          onClose();
        },
      },
    );
  };
  return (
    <Modal title={title} onClose={onClose} testId="report-dialog">
      <form className="report-dialog" onSubmit={submit}>
        <fieldset>
          <legend id={ids.reason}>{t('reason')}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="report-dialog__reason">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                data-testid={`report-reason-${r}`}
              />
              {t(`reasons.${r}`)}
            </label>
          ))}
        </fieldset>
        <label htmlFor={ids.note}>{t('note')}</label>
        <textarea
          id={ids.note}
          value={note}
          maxLength={REPORT_NOTE_MAX}
          rows={3}
          onChange={(e) => setNote(e.target.value)}
          data-testid="report-note"
        />
        {report.isError && reportRefusal(report.error) === 'failed' ? (
          <p role="alert" className="report-dialog__error">
            {t('failed')}
          </p>
        ) : null}
        <div className="report-dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={!reason || report.isPending}
            data-testid="report-send"
          >
            {t('send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
