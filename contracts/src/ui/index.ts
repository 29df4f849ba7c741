export { GlobalStyle } from './global-style';
export { Spinner } from './spinner';
export { Button } from './button';
export { PageContainer, PageTitle, Panel } from './page';
export { renderStandalone } from './standalone-host';
export { SessionSummary } from './session-summary';
export { ErrorText, Field, fieldAria } from './field';
export { DashboardFrame, DashboardLayout, dashboardLinks, dashboardLinksFor, type DashboardLink } from './dashboard-frame';
export { ConfirmDialog } from './confirm-dialog';
