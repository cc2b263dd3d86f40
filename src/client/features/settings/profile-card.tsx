import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { type FieldError, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_NAME_LENGTH, ZUpdateProfileRequest } from '../../../shared/schemas/profile.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { errorDisplayMessage } from '../../lib/api.ts';
import { useUpdateProfile } from './profile-queries.ts';

type ProfileFormValues = { firstName: string; lastName: string; email: string };
type ProfileFormOutput = z.output<typeof ZUpdateProfileRequest>;
/** The shared schema trims (preprocess), so zod types its inputs as unknown; these are its inputs. */
const profileResolver = zodResolver(ZUpdateProfileRequest) as unknown as Resolver<
  ProfileFormValues,
  unknown,
  ProfileFormOutput
>;

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-destructive text-xs">
      {error.message}
    </p>
  );
}

/**
 * SPEC §2 Settings' profile card: first name, last name and the e-mail, which is the sign-in
 * identity. The Verified badge shows only for the saved e-mail an identity provider verified.
 */
export function ProfileCard() {
  const { user } = useAuth();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: profileResolver,
    defaultValues: { firstName: '', lastName: '', email: '' },
  });

  // The form starts from the signed-in user, and again from what the server saved.
  useEffect(() => {
    if (user) reset({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email });
  }, [user, reset]);

  const update = useUpdateProfile({
    onRefused: (error) => {
      if (error instanceof Error && error.message.startsWith('409: ')) {
        setError('email', { message: errorDisplayMessage(error, 'That email address cannot be used') });
      }
    },
  });
  const typedEmail = watch('email');
  const verified = Boolean(user?.emailVerified) && typedEmail.trim().toLowerCase() === user?.email;

  return (
    <Card aria-labelledby="profile-card-title">
      <CardHeader>
        <CardTitle id="profile-card-title" className="flex items-center gap-2">
          <UserRound aria-hidden="true" className="size-5 text-primary" />
          Profile
        </CardTitle>
        <CardDescription>Your name and the e-mail address you sign in with.</CardDescription>
      </CardHeader>
      <CardContent>
        {!user ? (
          <div className="space-y-4" aria-busy="true">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        ) : (
          <form
            aria-label="Profile"
            noValidate
            className="space-y-4"
            onSubmit={handleSubmit((output) => update.mutate(output))}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor="profile-first-name">First name</Label>
                <Input
                  id="profile-first-name"
                  autoComplete="given-name"
                  maxLength={MAX_NAME_LENGTH + 20}
                  aria-invalid={errors.firstName ? true : undefined}
                  aria-describedby={errors.firstName ? 'profile-first-name-error' : undefined}
                  {...register('firstName')}
                />
                <FieldMessage id="profile-first-name-error" error={errors.firstName} />
              </div>
              <div className="space-y-2">
                <Label htmlFor="profile-last-name">Last name</Label>
                <Input
                  id="profile-last-name"
                  autoComplete="family-name"
                  maxLength={MAX_NAME_LENGTH + 20}
                  aria-invalid={errors.lastName ? true : undefined}
                  aria-describedby={errors.lastName ? 'profile-last-name-error' : undefined}
                  {...register('lastName')}
                />
                <FieldMessage id="profile-last-name-error" error={errors.lastName} />
              </div>
            </div>
            <div className="space-y-2">
              <div className="flex items-center gap-2">
                <Label htmlFor="profile-email">Email</Label>
                {verified && (
                  <Badge variant="success" data-testid="email-verified">
                    <BadgeCheck aria-hidden="true" />
                    Verified
                  </Badge>
                )}
              </div>
              <Input
                id="profile-email"
                type="email"
                autoComplete="email"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? 'profile-email-error' : 'profile-email-hint'}
                {...register('email')}
              />
              {errors.email ? (
                <FieldMessage id="profile-email-error" error={errors.email} />
              ) : (
                <p id="profile-email-hint" className="text-muted-foreground text-xs">
                  You sign in with this address. A new address shows as verified once you sign in with a provider that
                  has verified it.
                </p>
              )}
            </div>
            <Button type="submit" disabled={update.isPending || !isDirty}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
