import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useId } from './mantine-use-id';

function Field({ id }: { id?: string }) {
  const own = useId(id);
  const [renders, setRenders] = useState(1);
  return (
    <button
      type="button"
      data-testid={`field-${id ?? 'auto'}`}
      id={own}
      onClick={() => setRenders(renders + 1)}
    >
      {renders}
    </button>
  );
}

describe('Mantine’s useId in the built app', () => {
  it('keeps one id across renders, distinct between components, usable as an HTML id', () => {
    render(
      <>
        <Field />
        <Field id="given" />
        <Field />
      </>,
    );
    const [first, , third] = screen.getAllByRole('button');
    const before = first?.id;
    expect(before).toMatch(/^mantine-[\w-]+$/);
    expect(third?.id).not.toBe(before);
    fireEvent.click(first as HTMLElement);
    expect(first?.textContent).toBe('2');
    expect(first?.id).toBe(before);
    expect(document.querySelector(`#${before}`)).toBe(first);
  });

  it('takes the id it is given', () => {
    render(<Field id="given" />);
    expect(screen.getByTestId('field-given').id).toBe('given');
  });
});
