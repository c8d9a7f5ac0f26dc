import { Fragment, useEffect, useId, useSyncExternalStore } from 'react';
import { THEME_CHOICES } from '../../shared/theme';
import Icon from '../lib/Icon';
import { applyTheme, chooseTheme, currentThemeChoice, subscribeToTheme } from './theme';

/**
 * Auto, Light or Dark, at the foot of the navigation. A server render cannot read the choice, so the
 * buttons show Auto until the page hydrates; the page's colours were right from the first paint (server/web/theme.ts).
 */
export default function ThemeChoice() {
  const name = useId();
  const choice = useSyncExternalStore(subscribeToTheme, currentThemeChoice, () => 'auto' as const);
  // Without the client hint the server painted Auto as light: follow the system now.
  useEffect(applyTheme, []);

  return (
    <fieldset className="mt-3 pt-3 border-top">
      <legend className="small text-body-secondary mb-2">Theme</legend>
      <div className="btn-group btn-group-sm w-100">
        {THEME_CHOICES.map((option) => (
          <Fragment key={option.value}>
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`${name}-${option.value}`}
              checked={choice === option.value}
              onChange={() => chooseTheme(option.value)}
            />
            <label className="btn btn-outline-secondary d-flex align-items-center justify-content-center gap-1" htmlFor={`${name}-${option.value}`}>
              <Icon name={option.icon} />
              {option.label}
            </label>
          </Fragment>
        ))}
      </div>
    </fieldset>
  );
}
