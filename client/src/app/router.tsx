import { Loader2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';

// Every page is its own chunk: the landing page loads no chat, admin or chart code.
const LandingPage = lazy(() => import('./routes/landing'));
const DashboardPage = lazy(() => import('./routes/app-dashboard'));
const ChatPage = lazy(() => import('./routes/chat'));
const FilesPage = lazy(() => import('./routes/files'));
const PremiumPage = lazy(() => import('./routes/premium'));
const ProfilePage = lazy(() => import('./routes/profile'));
const TeamPage = lazy(() => import('./routes/team'));
const InvitePage = lazy(() => import('./routes/invite'));
const AdminPage = lazy(() => import('./routes/admin'));
const AdminLoginPage = lazy(() => import('./routes/admin-login'));
const LoginPage = lazy(() => import('./routes/login'));
const SignupPage = lazy(() => import('./routes/signup'));
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
// TanStack Query and the signed-in guard (which asks /api/auth/me through it) load with the first
// page that needs them; the landing page needs neither.
const QueryShell = lazy(() => import('./query-shell'));
const RequireAuth = lazy(() => import('@/features/auth/components/require-auth').then((m) => ({ default: m.RequireAuth })));

// Spinner's look without Spinner: this file is in every page's first chunk, and Spinner's class
// merging (tailwind-merge) would put that library on the landing page too.
const PageFallback = () => (
  <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
    <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-genie-600" />
  </div>
);

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
const NotFound = withQueries(NotFoundPage);
const ProtectedChat = signedIn(ChatPage);
const ProtectedFiles = signedIn(FilesPage);
const ProtectedProfile = signedIn(ProfilePage);
const ProtectedTeam = signedIn(TeamPage);
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
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/app" component={Dashboard} />
        <Route path="/chat" component={ProtectedChat} />
        <Route path="/files" component={ProtectedFiles} />
        <Route path="/premium" component={Premium} />
        <Route path="/profile" component={ProtectedProfile} />
        <Route path="/team" component={ProtectedTeam} />
        <Route path="/invite/:token" component={Invite} />
        <Route path="/admin" component={Admin} />
        <Route path="/admin/login" component={AdminLogin} />
        <Route path="/login" component={Login} />
        <Route path="/signup" component={Signup} />
        <Route path="/forgot-password" component={ForgotPassword} />
        <Route path="/reset-password" component={ResetPassword} />
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
