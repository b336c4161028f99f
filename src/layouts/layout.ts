/** What a page hands its layout: the document title and the page's heading (the title unless said). */
export type LayoutProps = { title: string; heading?: string };

/** The bank's name as configured; a page rendered before the app is there (an early error) says the default. */
export function bankNameOf(locals: App.Locals): string {
  return locals.app?.config.bank.name ?? 'Harmattan Bank';
}
