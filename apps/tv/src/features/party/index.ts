export { JoinPartyScreen } from './components/join-party-screen';
export { PartyScreen } from './components/party-screen';
