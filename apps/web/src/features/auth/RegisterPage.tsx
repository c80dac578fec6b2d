import { Group, PasswordInput, TextInput } from '@mantine/core';
import { AuthLayout } from './AuthLayout';
import { EmailInput, SessionForm } from './SessionForm';

export function RegisterPage() {
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start free. Link a bank and see your first budget in minutes."
    >
      <SessionForm
        submitLabel="Create Account"
        send={(auth, form) => auth.signUp(form)}
        googleMode="signup"
        googleFailed="An error occurred during Google sign up"
        switchTo={{ question: 'Already have an account?', href: '/login', label: 'Sign in' }}
      >
        <Group grow align="flex-start" gap="sm">
          <TextInput name="firstName" label="First name" autoComplete="given-name" required />
          <TextInput name="lastName" label="Last name" autoComplete="family-name" required />
        </Group>
        <EmailInput />
        <PasswordInput
          name="password"
          label="Password"
          autoComplete="new-password"
          description="At least 6 characters"
          required
        />
        <PasswordInput name="confirmPassword" label="Confirm password" autoComplete="new-password" required />
      </SessionForm>
    </AuthLayout>
  );
}
