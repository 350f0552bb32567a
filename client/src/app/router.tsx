import { Loader2 } from 'lucide-react';
import { Suspense, useEffect, useLayoutEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { firstReadsOf, type SignedInPath } from '@contract/first-reads';
import { startEarly } from '@/lib/early-requests';
import { useTranslation } from '@/lib/i18n/i18n';
import { lazyPage } from './lazy-page';
import { RouteAnnouncer } from './route-announcer';

// Every page is its own chunk: the landing page loads no chat, admin or chart code.
const LandingPage = lazyPage(() => import('./routes/landing'));
const DashboardPage = lazyPage(() => import('./routes/app-dashboard'));
const ChatPage = lazyPage(() => import('./routes/chat'));
const FilesPage = lazyPage(() => import('./routes/files'));
const PremiumPage = lazyPage(() => import('./routes/premium'));
const ProfilePage = lazyPage(() => import('./routes/profile'));
const TeamPage = lazyPage(() => import('./routes/team'));
const BillingPage = lazyPage(() => import('./routes/billing'));
const InvitePage = lazyPage(() => import('./routes/invite'));
const AdminPage = lazyPage(() => import('./routes/admin'));
const AdminLoginPage = lazyPage(() => import('./routes/admin-login'));
const LoginPage = lazyPage(() => import('./routes/login'));
const SignupPage = lazyPage(() => import('./routes/signup'));
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password'));
const VerifyEmailRoutePage = lazyPage(() => import('./routes/verify-email'));
const NotFoundPage = lazyPage(() => import('./routes/not-found'));
// TanStack Query and the signed-in guard (which asks /api/auth/session through it) load with the first
// page that needs them; the landing page needs neither.
const QueryShell = lazyPage(() => import('./query-shell'));
const RequireAuth = lazyPage<{ children: ReactNode }>(() => import('@/features/auth/components/require-auth').then((m) => ({ default: m.RequireAuth })));

/** What each page needs before it can show anything: its chunk, and for most TanStack Query, for some the guard. */
const SIGNED_IN_PAGES = { '/chat': ChatPage, '/files': FilesPage, '/profile': ProfilePage, '/team': TeamPage } satisfies Record<SignedInPath, unknown>;
const QUERY_PAGES = {
  '/app': DashboardPage,
  '/premium': PremiumPage,
  '/admin': AdminPage,
  '/admin/login': AdminLoginPage,
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/verify-email': VerifyEmailRoutePage,
};

/** The longest the first render waits for the opened page's chunks and first data before it shows the loading spinner instead (unless the server drew the page). */
const FIRST_RENDER_WAIT_MS = 1_500;

/**
 * The page opened directly (a reload, a link from elsewhere) would otherwise load one step after
 * another (the router, TanStack Query, the guard, /api/auth/session, the page's chunk), and each
 * suspension would add React's reveal throttle. Its chunks and the signed-in check start here at
 * once (lib/early-requests.ts: the first GET of /api/auth/session takes the response already on its
 * way); a signed-in page's first data is put in the query cache (first-data.ts); main.tsx renders
 * when all that is in, or after FIRST_RENDER_WAIT_MS.
 */
export function loadOpenedPage(pathname: string): Promise<void> {
  const path = pathname.replace(/\/$/, '') || '/';
  let needed: { load(): Promise<void> }[];
  if (path === '/') needed = [LandingPage];
  else if (path in SIGNED_IN_PAGES) {
    for (const url of firstReadsOf(path, window.location.search)) startEarly(url);
    needed = [QueryShell, RequireAuth, SIGNED_IN_PAGES[path as keyof typeof SIGNED_IN_PAGES]];
  } else if (path in QUERY_PAGES) needed = [QueryShell, QUERY_PAGES[path as keyof typeof QUERY_PAGES]];
  else if (path.startsWith('/invite/')) needed = [QueryShell, InvitePage];
  else if (path.startsWith('/billing/')) needed = [QueryShell, RequireAuth, BillingPage];
  else needed = [QueryShell, NotFoundPage];
  const waits: Promise<unknown>[] = needed.map((page) => page.load());
  // A signed-in page's first data, in the query cache before the first render (first-data.ts).
  if (path in SIGNED_IN_PAGES) waits.push(import('./first-data').then((m) => m.default(path, window.location.search)));
  // A chunk or read that fails here fails again, and is reported, when the page renders.
  const loaded = Promise.all(waits).then(
    () => undefined,
    () => undefined,
  );
  // A page the server drew (app/server-render.tsx) already shows its first screen: keep it until
  // the page can draw the same, rather than replace it with the spinner.
  if (document.querySelector('#root > [data-server-rendered]')) return loaded;
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]);
}

// Spinner's look without Spinner: this file is in every page's first chunk, and Spinner's class
// merging (tailwind-merge) would put that library on the landing page too.
const PageFallback = () => {
  const { t } = useTranslation();
  return (
  <div className="flex min-h-screen items-center justify-center" role="status" aria-label={t('loading')}>
    <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-genie-600" />
  </div>
  );
};

const withQueries = (Page: ComponentType) => () => (
  <QueryShell>
    <Page />
  </QueryShell>
);

const signedIn = (Page: ComponentType) => () => (
  <QueryShell>
    <RequireAuth>
      <Page />
    </RequireAuth>
  </QueryShell>
);

const Dashboard = withQueries(DashboardPage);
const Premium = withQueries(PremiumPage);
const Admin = withQueries(AdminPage);
const AdminLogin = withQueries(AdminLoginPage);
const Login = withQueries(LoginPage);
const Signup = withQueries(SignupPage);
const ForgotPassword = withQueries(ForgotPasswordPage);
const ResetPassword = withQueries(ResetPasswordPage);
const VerifyEmail = withQueries(VerifyEmailRoutePage);
const NotFound = withQueries(NotFoundPage);
const ProtectedChat = signedIn(ChatPage);
const ProtectedFiles = signedIn(FilesPage);
const ProtectedProfile = signedIn(ProfilePage);
const ProtectedTeam = signedIn(TeamPage);
const ProtectedBilling = signedIn(BillingPage);
// Public: a visitor sees what they are invited to before signing up or in.
const Invite = withQueries(InvitePage);

/**
 * A link to another page opens it at its top, as a full page load would (the browser keeps the old
 * scroll position otherwise). Back and forward keep the browser's own restored position.
 */
function useScrollToTopOnNavigation() {
  const [location] = useLocation();
  const previous = useRef(location);
  const cameBack = useRef(false);
  useEffect(() => {
    const onPopState = () => {
      cameBack.current = true;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  // A layout effect runs before the new page's own effects, so a page may still scroll itself.
  useLayoutEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    if (cameBack.current) cameBack.current = false;
    else window.scrollTo(0, 0);
  }, [location]);
}

export function AppRouter() {
  useScrollToTopOnNavigation();
  return (
    <>
    <RouteAnnouncer />
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/app" component={Dashboard} />
        <Route path="/chat" component={ProtectedChat} />
        <Route path="/files" component={ProtectedFiles} />
        <Route path="/premium" component={Premium} />
        <Route path="/profile" component={ProtectedProfile} />
        <Route path="/team" component={ProtectedTeam} />
        <Route path="/billing/:id" component={ProtectedBilling} />
        <Route path="/invite/:token" component={Invite} />
        <Route path="/admin" component={Admin} />
        <Route path="/admin/login" component={AdminLogin} />
        <Route path="/login" component={Login} />
        <Route path="/signup" component={Signup} />
        <Route path="/forgot-password" component={ForgotPassword} />
        <Route path="/reset-password" component={ResetPassword} />
        <Route path="/verify-email" component={VerifyEmail} />
        <Route component={NotFound} />
      </Switch>
    </Suspense>
    </>
  );
}
