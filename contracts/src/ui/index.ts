export { GlobalStyle } from './global-style';
export { ButtonSpinner, Spinner } from './spinner';
export { Button } from './button';
export { PageContainer, PageTitle, Panel } from './page';
export { SessionSummary } from './session-summary';
export { ErrorText, Field, fieldAria } from './field';
export { usePageMeta } from './use-page-meta';
export { LoadFailure, QueryView } from './query-view';
export { VisuallyHidden } from './visually-hidden';
