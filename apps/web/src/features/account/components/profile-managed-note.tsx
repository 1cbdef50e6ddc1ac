import { useTranslation } from 'react-i18next';

/**
 * Where a site signs viewers in through an external identity platform (A§6, decision 0061): the
 * name, e-mail and password are the platform's, and this says so in place of the change forms.
 */
export function ProfileManagedNote({ name }: { name: string }) {
  const { t } = useTranslation('account');
  return (
    <p className="account-profile__managed" role="note" data-testid="profile-managed">
      {t('profile.managedBy', { name })}
    </p>
  );
}
