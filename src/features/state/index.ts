/** The state feature's front door: what routes and other features may use of it. */
export {
  globalDialogStore,
  marketTypeStore,
  prevLeverageStore,
  homeSignUpAccountStore,
  inviteNumberStore,
  loadPersistedStores,
  rebateUserStore,
  tabsListStore,
  userMenuStore,
  type PairTab,
  type UserMenu,
} from './stores.ts'
export { readShellState, signInClientShell, signOutClientShell, updateClientShellState } from './shell-state.ts'
export type { ShellState } from './shell-state-shape.ts'
export {
  LOCAL_KEYS,
  USER_LOCAL_KEYS,
  storeAvailableLanguages,
  storeLanguage,
  storeScientific,
  storeUserAnchorInfo,
  type SelectedLanguage,
  useStoredAvailableLanguages,
  useStoredScientific,
  useStoredUserAnchorInfo,
  type UserAnchorInfo,
} from './local-keys.ts'
