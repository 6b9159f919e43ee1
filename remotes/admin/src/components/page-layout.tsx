// The frame of every admin page lives in the shared kit; kept here so the pages import it as before.
export { PageLayout, type PageLayoutProps } from '@app/shared/ui/page-layout';
