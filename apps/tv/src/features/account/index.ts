export { ActivationScreen } from './components/activation-screen';
export { ProfileScreen } from './components/profile-screen';
