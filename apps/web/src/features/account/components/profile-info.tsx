import type { User } from '@marquee/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDob, genderOptions, type MessageKey, type UserInfoFields } from '../utils/validation';
import { ChangeEmailForm } from './change-email-form';
import { ChangeNameForm } from './change-name-form';
import { ChangePasswordForm } from './change-password-form';
import { Modal } from '../../../components/modal';
import { ProfileManagedNote } from './profile-managed-note';
import { UserInfoForm } from './user-info-form';
import { useUpdatePreferences } from '../api/use-profile-changes';

type OpenModal = 'email' | 'info' | 'name' | 'password' | null;

interface ProfileInfoProps {
  user: User;
  fields: UserInfoFields;
  /**
   * The external identity platform's name where the site signs viewers in through one (A§6,
   * decision 0061): name, e-mail and password are read-only here and the page says where to change them.
   */
  managedBy?: string | null;
}

/** The message key of a gender's label, if it has one. */
function genderLabel(gender: User['gender']): MessageKey | undefined {
  return genderOptions(false).find((o) => o.value === gender)?.label;
}

/** /profile-info: the user's details and the buttons that open the change modals. */
export function ProfileInfo({ user, fields, managedBy = null }: ProfileInfoProps) {
  const { t, i18n } = useTranslation('account');
  const gender = genderLabel(user.gender);
  const [open, setOpen] = useState<OpenModal>(null);
  const close = () => setOpen(null);
  const name = `${user.firstName} ${user.lastName}`.trim();
  const preferences = useUpdatePreferences();
  const autoPlay = preferences.isPending ? !!preferences.variables?.autoPlay : user.autoPlay;

  return (
    <section className="account-profile" aria-labelledby="account-profile-title" data-testid="profile-info">
      <h2 id="account-profile-title" className="account__section-title">
        {t('profile.title')}
      </h2>
      <dl className="account-profile__details">
        <div>
          <dt>{t('profile.name')}</dt>
          <dd data-testid="profile-name">{name || '—'}</dd>
        </div>
        <div>
          <dt>{t('email')}</dt>
          <dd data-testid="profile-email">{user.email}</dd>
        </div>
        {fields.hideUserDOB ? null : (
          <div>
            <dt>{t('profile.dob')}</dt>
            <dd data-testid="profile-dob">{formatDob(user.dob, i18n.language) || '—'}</dd>
          </div>
        )}
        {fields.hideUserGender ? null : (
          <div>
            <dt>{t('profile.gender')}</dt>
            <dd data-testid="profile-gender">{gender ? t(gender) : '—'}</dd>
          </div>
        )}
      </dl>
      {managedBy ? <ProfileManagedNote name={managedBy} /> : null}
      <div className="account-profile__actions">
        {managedBy ? null : (
          <button
            type="button"
            className="button button--ghost"
            data-testid="change-name"
            onClick={() => setOpen('name')}
          >
            {t('profile.changeName')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          data-testid="change-user-info"
          onClick={() => setOpen('info')}
        >
          {t('profile.changeInfo')}
        </button>
        {managedBy ? null : (
          <>
            <button
              type="button"
              className="button button--ghost"
              data-testid="change-email"
              onClick={() => setOpen('email')}
            >
              {t('profile.changeEmail')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              data-testid="change-password"
              onClick={() => setOpen('password')}
            >
              {t('profile.changePassword')}
            </button>
          </>
        )}
      </div>

      <h3 className="account__subtitle">{t('profile.playback')}</h3>
      <label className="account-profile__toggle">
        <input
          type="checkbox"
          checked={autoPlay}
          disabled={preferences.isPending}
          onChange={(e) => preferences.mutate({ autoPlay: e.target.checked })}
          data-testid="autoplay-toggle"
        />{' '}
        {t('profile.autoPlay')}
      </label>
      {preferences.isError ? (
        <p role="alert" className="account__error">
          {t('profile.autoPlayFailed')}
        </p>
      ) : null}

      {open === 'name' ? (
        <Modal title={t('profile.changeName')} onClose={close} testId="change-name-modal">
          <ChangeNameForm user={user} onDone={close} onCancel={close} />
        </Modal>
      ) : null}
      {open === 'info' ? (
        <Modal title={t('profile.changeInfo')} onClose={close} testId="change-user-info-modal">
          <UserInfoForm user={user} fields={fields} onDone={close} onCancel={close} />
        </Modal>
      ) : null}
      {open === 'email' ? (
        <Modal title={t('profile.changeEmail')} onClose={close} testId="change-email-modal">
          <ChangeEmailForm currentEmail={user.email} onDone={close} onCancel={close} />
        </Modal>
      ) : null}
      {open === 'password' ? (
        <Modal title={t('profile.changePassword')} onClose={close} testId="change-password-modal">
          <ChangePasswordForm onDone={close} onCancel={close} />
        </Modal>
      ) : null}
    </section>
  );
}
