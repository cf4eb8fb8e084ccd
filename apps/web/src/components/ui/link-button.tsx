import { Link, type LinkProps } from 'react-router';
import { buttonClasses, type ButtonStyleProps } from './button';

// Apart from button.tsx, so a public page's island that shows a button does not load the router
// (docs/decisions/048-islands-on-public-pages.md).

export type LinkButtonProps = LinkProps & ButtonStyleProps;

/** A router link that looks like a button (navigation, not an action). */
export function LinkButton({ variant, size, fullWidth, className, ...rest }: LinkButtonProps) {
  return (
    <Link
      className={buttonClasses(
        { variant, size, fullWidth },
        typeof className === 'string' ? className : undefined,
      )}
      {...rest}
    />
  );
}
