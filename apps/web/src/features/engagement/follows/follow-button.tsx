import { Link, useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellPlus, BellRing } from 'lucide-react';
import { Button, buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';

const followKey = (slug: string) => ['follows', slug] as const;

/**
 * "Follow" on a business page (docs/decisions/0065-notifications.md): a customer hears of the business's new deals by
 * e-mail; a visitor signs in first and comes back; merchants and admins do not see it.
 */
export function FollowButton({ slug, name }: { slug: string; name: string }) {
  const { user } = useSession();
  const location = useLocation();
  const qc = useQueryClient();
  const isCustomer = user?.role === 'customer';
  const state = useQuery({
    queryKey: followKey(slug),
    queryFn: () => api.get('/api/businesses/:slug/follow', { params: { slug } }),
    enabled: isCustomer,
  });
  const toggle = useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? api.put('/api/businesses/:slug/follow', { params: { slug } })
        : api.delete('/api/businesses/:slug/follow', { params: { slug } }),
    onSuccess: (next) => {
      qc.setQueryData(followKey(slug), next);
      toast.success(next.following ? `Following ${name}` : `Unfollowed ${name}`, {
        description: next.following ? 'We will e-mail you when it posts a new deal.' : undefined,
      });
    },
    onError: (err) => toast.error('That did not work', { description: err.message }),
  });
  if (user && !isCustomer) return null;
  if (!user)
    return (
      <Link to={paths.loginReturningTo(location.pathname)} className={buttonClass('secondary', 'sm')}>
        <BellPlus aria-hidden className="h-4 w-4" /> Follow
      </Link>
    );
  const isFollowing = state.data?.following ?? false;
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'primary'}
      size="sm"
      aria-pressed={isFollowing}
      disabled={state.isPending || toggle.isPending}
      onClick={() => toggle.mutate(!isFollowing)}
    >
      {isFollowing ? <BellRing aria-hidden className="h-4 w-4" /> : <BellPlus aria-hidden className="h-4 w-4" />}
      {isFollowing ? 'Following' : 'Follow'}
    </Button>
  );
}
