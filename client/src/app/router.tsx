import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { RequireAuth } from '@/features/auth/components/require-auth';

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

const PageFallback = () => (
  <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Loading">
    <Spinner className="h-8 w-8" />
  </div>
);

const signedIn = (Page: ComponentType) => () => (
  <RequireAuth>
    <Page />
  </RequireAuth>
);

const ProtectedChat = signedIn(ChatPage);
const ProtectedFiles = signedIn(FilesPage);
const ProtectedProfile = signedIn(ProfilePage);

export function AppRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/app" component={DashboardPage} />
        <Route path="/chat" component={ProtectedChat} />
        <Route path="/files" component={ProtectedFiles} />
        <Route path="/premium" component={PremiumPage} />
        <Route path="/profile" component={ProtectedProfile} />
        <Route path="/admin" component={AdminPage} />
        <Route path="/admin/login" component={AdminLoginPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/signup" component={SignupPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
