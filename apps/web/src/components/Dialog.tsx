import { Modal, type ModalRootProps } from '@mantine/core';
import type { ReactNode } from 'react';

const stayOpen = () => {};

/**
 * Every dialog in the app: Mantine's Modal with two accessibility fixes: its header is a <header>, which axe reads as a
 * second page banner, and its close button has no name. Same look otherwise.
 */
export function Dialog({
  title,
  children,
  onClose,
  pending = false,
  withCloseButton = true,
  ...props
}: Omit<ModalRootProps, 'title' | 'children'> & {
  title: string;
  children: ReactNode;
  /**
   * True while the dialog's work is under way: Escape, a click outside and the close button do nothing, so its
   * outcome is never hidden.
   */
  pending?: boolean;
  /** False while the dialog may not be closed (its work is under way). */
  withCloseButton?: boolean;
}) {
  return (
    <Modal.Root {...props} onClose={pending ? stayOpen : onClose}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          {withCloseButton && <Modal.CloseButton aria-label="Close" />}
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
