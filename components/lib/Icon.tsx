/**
 * An icon, drawn from the app's SVG sprite by its Bootstrap Icons class name ('bi-pencil'; shared/icons.ts). Inline SVG
 * instead of the icon font: no 132 kB font on every page, no icon code in the scripts, and an icon has
 * its size before anything loads, so buttons never shrink while a font arrives. Decorative unless given
 * `role="img"` and an `aria-label`.
 */
import type { SVGProps } from 'react';
import { ICON_SPRITE_URL, type IconName } from '../../shared/icons';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'name' | 'ref'> & { name: IconName | (string & {}); title?: string };

export default function Icon({ name, className, title, ...props }: IconProps) {
  return (
    <svg
      className={['bi', name, className].filter(Boolean).join(' ')}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden={props.role === 'img' ? undefined : true}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}
