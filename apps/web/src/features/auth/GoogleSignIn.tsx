import { Divider } from '@mantine/core';
import { GoogleButton } from '../../components/GoogleButton';

export function GoogleSignIn(props: Parameters<typeof GoogleButton>[0]) {
  return (
    <>
      <Divider label="OR" labelPosition="center" />
      <GoogleButton {...props} />
    </>
  );
}
