import { Trash2, UserPlus, Users } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { AGENCY_TEAM_LIMIT } from '../../../shared/plans.ts';
import { memberEmailProblem, normaliseMemberEmail, type TTeamMember } from '../../../shared/schemas/team.ts';
import { userDisplayName } from '../../../shared/user-names.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { formatLongDate } from '../../lib/format.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { useAddTeamMember, useRemoveTeamMember, useTeamMembers, useTeamMembership } from './team-queries.ts';

function TeamCardFrame({ description, children }: { description: string; children: ReactNode }) {
  return (
    <Card role="region" aria-labelledby="team-card-title">
      <CardHeader>
        <CardTitle id="team-card-title" className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-5 text-primary" />
          Team Members
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">{children}</CardContent>
    </Card>
  );
}

/** SPEC §5: the address is checked, trimmed and lower-cased here before it is sent. */
function AddMemberForm({ teamFull }: { teamFull: boolean }) {
  const inputId = useId();
  const [email, setEmail] = useState('');
  const add = useAddTeamMember({ onAdded: () => setEmail('') });

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = memberEmailProblem(email);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    add.mutate({ memberEmail: normaliseMemberEmail(email) });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-2">
      <Label htmlFor={inputId}>Team member email</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          type="email"
          autoComplete="off"
          placeholder="colleague@youragency.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={teamFull || add.isPending}
        />
        <Button type="submit" disabled={teamFull || add.isPending} className="shrink-0">
          <UserPlus aria-hidden="true" />
          {add.isPending ? 'Adding...' : 'Add Member'}
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        {teamFull
          ? `Your team has the most members the Agency plan allows (${AGENCY_TEAM_LIMIT}). Remove a member to add another.`
          : 'They sign in with their own account using this address and see and change all of your brands and reports. Billing, the team and API access stay yours.'}
      </p>
    </form>
  );
}

function RemoveMemberButton({ member }: { member: TTeamMember }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveTeamMember({ onSettled: () => setOpen(false) });
  return (
    <AlertDialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <Button variant="ghost" size="sm" aria-label={`Remove ${member.memberEmail}`} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove {member.memberEmail} from your team?</AlertDialogTitle>
          <AlertDialogDescription>
            They lose access to your brands, audits, reports, insights and competitors straight away, including any
            session they have open. What they created stays in your account.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Keep Member</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              remove.mutate(member.memberEmail);
            }}
          >
            {remove.isPending ? 'Removing...' : 'Remove Member'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function MemberList({ members }: { members: TTeamMember[] }) {
  if (members.length === 0) {
    return <p className="text-muted-foreground text-sm">No team members yet. Add a colleague by e-mail above.</p>;
  }
  return (
    <ul className="divide-y rounded-lg border" aria-label="Team members">
      {members.map((member) => (
        <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-sm">{member.memberEmail}</p>
            <p className="text-muted-foreground text-xs">Added {formatLongDate(member.createdAt)}</p>
          </div>
          <div className="flex items-center gap-2">
            <Badge variant={member.isActive ? 'secondary' : 'outline'} className="capitalize">
              {member.isActive ? member.role : 'Inactive'}
            </Badge>
            <RemoveMemberButton member={member} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function TeamManagement() {
  const members = useTeamMembers({ enabled: true });
  const count = members.data?.filter((member) => member.isActive).length ?? 0;
  return (
    <TeamCardFrame description="Give colleagues access to all of your brands and reports.">
      {members.error && (
        <LoadErrorAlert error={members.error} what="your team" onRetry={() => void members.refetch()} />
      )}
      {!members.data && !members.error && (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-16" />
          <Skeleton className="h-12" />
        </div>
      )}
      {members.data && (
        <>
          <AddMemberForm teamFull={count >= AGENCY_TEAM_LIMIT} />
          <div className="space-y-3">
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="font-semibold text-sm">Your team</h3>
              <span className="text-muted-foreground text-sm tabular-nums">
                {count}/{AGENCY_TEAM_LIMIT}
                <span className="sr-only"> members</span>
              </span>
            </div>
            <MemberList members={members.data} />
          </div>
        </>
      )}
    </TeamCardFrame>
  );
}

/** A member works in the agency's account: the card says whose, instead of offering a team of their own. */
function TeamMembershipNotice() {
  const membership = useTeamMembership({ enabled: true });
  const agency = membership.data?.agency;
  return (
    <TeamCardFrame description="You work in an agency's account as a member of its team.">
      {membership.error && (
        <LoadErrorAlert error={membership.error} what="your team" onRetry={() => void membership.refetch()} />
      )}
      {!membership.data && !membership.error && <Skeleton className="h-12" aria-busy="true" />}
      {agency && (
        <div className="space-y-2 text-sm">
          <p>
            You are a member of{' '}
            <span className="font-medium">
              {userDisplayName(agency) === agency.email ? agency.email : `${userDisplayName(agency)} (${agency.email})`}
            </span>
            's team.
          </p>
          <p className="text-muted-foreground">
            You see and change all of their brands, audits, reports, insights and competitors. Their team, billing and
            API access are managed by them.
          </p>
        </div>
      )}
    </TeamCardFrame>
  );
}

/** SPEC §2 Settings' agency-only team card; a team member sees whose team they are in instead. */
export function TeamCard() {
  const { user } = useAuth();
  if (!user) return null;
  if (user.agencyOwnerId) return <TeamMembershipNotice />;
  if (user.planType !== 'agency') return null;
  return <TeamManagement />;
}
