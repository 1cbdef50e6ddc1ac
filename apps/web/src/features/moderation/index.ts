export { ReportButton } from './components/report-button';
export { ModerationView } from './components/moderation-view';
export { canModerate } from './utils/report-outcome';
export * as locales from './locales';
