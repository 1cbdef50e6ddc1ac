export { ActivationScreen } from './components/activation-screen';
export { ProfileScreen } from './components/profile-screen';
export { meQueryKey } from './api/use-me';
