/** Watch parties (issue 15 items 4–6; decision 0046): the party page and the create button. */
export { PartyScreen } from './components/party-screen';
export { CreatePartyButton } from './components/create-party';
export { PartySharePanel } from './components/party-share-panel';
export { partyWatchState } from './utils/party-watch-state';
