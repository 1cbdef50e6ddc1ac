export { AccountShell } from './components/account-shell';
export { ProfileInfo } from './components/profile-info';
export { ActiveDevices } from './components/active-devices';
export { DeleteAccount } from './components/delete-account';
export { ChangeEmailForm } from './components/change-email-form';
export { ProfileManagedNote } from './components/profile-managed-note';
