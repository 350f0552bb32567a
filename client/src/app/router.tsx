import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '@/components/ui/spinner';

// Every page is its own chunk: the landing page loads no chat, admin or chart code.
const LandingPage = lazy(() => import('./routes/landing'));
const DashboardPage = lazy(() => import('./routes/app-dashboard'));
const ChatPage = lazy(() => import('./routes/chat'));
const FilesPage = lazy(() => import('./routes/files'));
const PremiumPage = lazy(() => import('./routes/premium'));
const ProfilePage = lazy(() => import('./routes/profile'));
const AdminPage = lazy(() => import('./routes/admin'));
const AdminLoginPage = lazy(() => import('./routes/admin-login'));
const LoginPage = lazy(() => import('./routes/login'));
const SignupPage = lazy(() => import('./routes/signup'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
// TanStack Query and the signed-in guard (which asks /api/auth/me through it) load with the first
// page that needs them; the landing page needs neither.
const QueryShell = lazy(() => import('./query-shell'));
const RequireAuth = lazy(() => import('@/features/auth/components/require-auth').then((m) => ({ default: m.RequireAuth })));

const PageFallback = () => (
  <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
    <Spinner className="h-8 w-8" />
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
const NotFound = withQueries(NotFoundPage);
const ProtectedChat = signedIn(ChatPage);
const ProtectedFiles = signedIn(FilesPage);
const ProtectedProfile = signedIn(ProfilePage);

export function AppRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/app" component={Dashboard} />
        <Route path="/chat" component={ProtectedChat} />
        <Route path="/files" component={ProtectedFiles} />
        <Route path="/premium" component={Premium} />
        <Route path="/profile" component={ProtectedProfile} />
        <Route path="/admin" component={Admin} />
        <Route path="/admin/login" component={AdminLogin} />
        <Route path="/login" component={Login} />
        <Route path="/signup" component={Signup} />
        <Route component={NotFound} />
      </Switch>
    </Suspense>
  );
}
