/** Edit profile: display name, bio (with its counter) and payment link, checked by the same schema as the API. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { BIO_MAX, profileForm, profileTexts, type OwnProfile, type ProfileFormValues } from '@gigreel/core';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../ui/button.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { useUpdateProfile } from '../profile/index.ts';

const valuesOf = (profile: OwnProfile): ProfileFormValues => ({
  displayName: profile.displayName,
  bio: profile.bio ?? '',
  paypalLink: profile.paypalLink ?? '',
});

const fields = ['displayName', 'bio', 'paypalLink'] as const;

export function ProfileForm({ profile }: { profile: OwnProfile }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileForm),
    defaultValues: valuesOf(profile),
    mode: 'onTouched',
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';

  // A new photo refreshes the profile; keep what the person is typing, update the rest.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(profile));
  }, [profile, form]);

  const submit = form.handleSubmit(async (input) => {
    const sent = form.getValues();
    try {
      const result = await update.mutateAsync({
        displayName: input.displayName,
        bio: input.bio ?? '',
        paypalLink: input.paypalLink ?? '',
      });
      // Show what was stored (trimmed, the link made whole), but keep what the person typed while it saved.
      const typedSince = fields.filter((field) => form.getValues(field) !== sent[field]);
      const typed = form.getValues();
      form.reset(valuesOf(result.profile));
      for (const field of typedSince) form.setValue(field, typed[field], { shouldDirty: true });
      toast.success(profileTexts.profileUpdated);
    } catch (error) {
      // The toast is the mutation's (profile.queries.ts); a field's error also shows under the field.
      if (error instanceof ApiError && error.field && error.field in valuesOf(profile)) {
        form.setError(error.field as keyof ProfileFormValues, { message: error.message });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" aria-label="Edit profile">
      <TextField
        label="Display name"
        autoComplete="nickname"
        required
        error={errors.displayName?.message}
        {...form.register('displayName')}
      />
      <TextAreaField
        label="Bio"
        rows={3}
        placeholder="Tell supporters what you make"
        error={errors.bio?.message}
        counter={`${bio.length}/${BIO_MAX}`}
        {...form.register('bio')}
      />
      <TextField
        label="Payment link"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="paypal.me/yourname"
        hint="Buyers of your paid offer pay you here. Leave empty if you have none."
        error={errors.paypalLink?.message}
        {...form.register('paypalLink')}
      />
      <Button type="submit" busy={isSubmitting} disabled={!isDirty}>
        Save Changes
      </Button>
    </form>
  );
}
