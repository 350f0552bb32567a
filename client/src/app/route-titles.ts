/** The product's name, last in every title, so a tab strip shows the page first. */
const PRODUCT = 'Genie';

/** The landing page keeps index.html's title, the one search engines and shared links show. */
export const HOME_TITLE = 'Genie: your private AI assistant';

const PAGE_NAMES: Record<string, string> = {
  '/app': 'Dashboard',
  '/chat': 'Chat',
  '/files': 'Files',
  '/premium': 'Plans',
  '/profile': 'Profile',
  '/team': 'Team',
  '/admin': 'Admin console',
  '/admin/login': 'Admin sign-in',
  '/login': 'Sign in',
  '/signup': 'Sign up',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Choose a new password',
  '/verify-email': 'Verify your email',
};

/** A title per page (issue 44: every route had the same one), e.g. "Chat · Genie". */
export function titleOf(pathname: string): string {
  const path = pathname.replace(/\/$/, '') || '/';
  if (path === '/') return HOME_TITLE;
  const name = PAGE_NAMES[path] ?? (path.startsWith('/billing/') ? 'Invoice' : path.startsWith('/invite/') ? 'Invitation' : 'Page not found');
  return `${name} · ${PRODUCT}`;
}
