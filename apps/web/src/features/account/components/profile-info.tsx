import type { User } from '@marquee/contract';
import { useState } from 'react';
import { formatDob, genderOptions, type UserInfoFields } from '../utils/validation';
import { ChangeEmailForm } from './change-email-form';
import { ChangeNameForm } from './change-name-form';
import { ChangePasswordForm } from './change-password-form';
import { Modal } from './modal';
import { UserInfoForm } from './user-info-form';

type OpenModal = 'email' | 'info' | 'name' | 'password' | null;

interface ProfileInfoProps {
  user: User;
  fields: UserInfoFields;
}

function genderLabel(gender: User['gender']): string {
  return genderOptions(false).find((o) => o.value === gender)?.label ?? '';
}

/** /profile-info: the user's details and the buttons that open the change modals. */
export function ProfileInfo({ user, fields }: ProfileInfoProps) {
  const [open, setOpen] = useState<OpenModal>(null);
  const close = () => setOpen(null);
  const name = `${user.firstName} ${user.lastName}`.trim();

  return (
    <section className="account-profile" aria-labelledby="account-profile-title" data-testid="profile-info">
      <h2 id="account-profile-title" className="account__section-title">
        Profile
      </h2>
      <dl className="account-profile__details">
        <div>
          <dt>Name</dt>
          <dd data-testid="profile-name">{name || '—'}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd data-testid="profile-email">{user.email}</dd>
        </div>
        {fields.hideUserDOB ? null : (
          <div>
            <dt>Date of birth</dt>
            <dd data-testid="profile-dob">{formatDob(user.dob) || '—'}</dd>
          </div>
        )}
        {fields.hideUserGender ? null : (
          <div>
            <dt>Gender</dt>
            <dd data-testid="profile-gender">{genderLabel(user.gender) || '—'}</dd>
          </div>
        )}
      </dl>
      <div className="account-profile__actions">
        <button
          type="button"
          className="button button--ghost"
          data-testid="change-name"
          onClick={() => setOpen('name')}
        >
          Change name
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-testid="change-user-info"
          onClick={() => setOpen('info')}
        >
          Change user info
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-testid="change-email"
          onClick={() => setOpen('email')}
        >
          Change e-mail
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-testid="change-password"
          onClick={() => setOpen('password')}
        >
          Change password
        </button>
      </div>

      {open === 'name' ? (
        <Modal title="Change name" onClose={close} testId="change-name-modal">
          <ChangeNameForm user={user} onDone={close} onCancel={close} />
        </Modal>
      ) : null}
      {open === 'info' ? (
        <Modal title="Change user info" onClose={close} testId="change-user-info-modal">
          <UserInfoForm user={user} fields={fields} onDone={close} onCancel={close} />
        </Modal>
      ) : null}
      {open === 'email' ? (
        <Modal title="Change e-mail" onClose={close} testId="change-email-modal">
          <ChangeEmailForm currentEmail={user.email} onDone={close} onCancel={close} />
        </Modal>
      ) : null}
      {open === 'password' ? (
        <Modal title="Change password" onClose={close} testId="change-password-modal">
          <ChangePasswordForm onDone={close} onCancel={close} />
        </Modal>
      ) : null}
    </section>
  );
}
