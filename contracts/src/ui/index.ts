export { GlobalStyle } from './global-style';
export { Spinner } from './spinner';
export { Button } from './button';
export { PageContainer, Panel } from './page';
export { renderStandalone } from './standalone-host';
export { SessionSummary } from './session-summary';
