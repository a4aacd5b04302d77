import { Link } from '@tanstack/react-router';
import { buttonVariants } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Tabs } from '../../components/ui/tabs';
import { useAuth } from '../auth/context';
import { DevelopersPanel } from '../developers/DevelopersPanel';
import { MyModels } from '../studio/MyModels';
import { ActivityPanel } from './ActivityPanel';
import { PersonalInfo } from './PersonalInfo';
import { ProfileSidebar } from './ProfileSidebar';
import { SecurityPanel } from './SecurityPanel';
import { useProfileRefresh } from './useProfileRefresh';

/** /profile (SPEC §2 "Profile"). */
export function ProfilePage() {
  const { user, loading, setUser, refreshUser } = useAuth();
  useProfileRefresh(refreshUser, Boolean(user));

  if (loading) return <div className="min-h-[60dvh]" />;
  if (!user) {
    return (
      <section className="mx-auto flex min-h-[70dvh] max-w-md items-center px-4 pt-24 pb-16">
        <Card className="w-full p-8 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Not Authenticated</h1>
          <p className="mt-2 text-muted-foreground">Please log in to view your profile.</p>
          <Link to="/" className={buttonVariants({ variant: 'neural', className: 'mt-6' })}>
            Go to Login
          </Link>
        </Card>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 pt-24 pb-16 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Profile Dashboard</h1>
      <p className="mt-1 text-muted-foreground">Manage your account, credits and security.</p>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[320px_1fr]">
        <ProfileSidebar user={user} />
        <Tabs
          // A grid item grows to its widest content unless allowed to shrink: five tabs and the wide delivery
          // table (Developers) scroll inside their own boxes instead of widening the page on phones.
          className="min-w-0"
          defaultIndex={0}
          tabs={[
            { id: 'profile', label: 'Profile', content: <PersonalInfo user={user} onSaved={setUser} /> },
            { id: 'security', label: 'Security', content: <SecurityPanel user={user} onSaved={setUser} /> },
            { id: 'activity', label: 'Activity', content: <ActivityPanel user={user} /> },
            { id: 'models', label: 'My models', content: <MyModels /> },
            { id: 'developers', label: 'Developers', content: <DevelopersPanel user={user} /> },
          ]}
        />
      </div>
    </section>
  );
}
