import { PasswordInput } from '@mantine/core';
import { AuthLayout } from './AuthLayout';
import { EmailInput, SessionForm } from './SessionForm';

export function LoginPage() {
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to see where your money stands today.">
      <SessionForm
        submitLabel="Sign In"
        send={(auth, form) => auth.signIn(form)}
        googleMode="signin"
        googleFailed="Google sign-in failed. Please try again."
        switchTo={{ question: 'New to Tally?', href: '/register', label: 'Create an account' }}
        offerPasskey
      >
        <EmailInput />
        <PasswordInput
          name="password"
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          required
        />
      </SessionForm>
    </AuthLayout>
  );
}
