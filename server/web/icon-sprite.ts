/**
 * GET /icons.svg: every icon of the app (shared/icons.ts) as `<symbol>`s of one SVG sprite, drawn once at startup from
 * Bootstrap Icons (react-bootstrap-icons) and cached by browsers for good (its address names the icon list).
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import * as bootstrapIcons from 'react-bootstrap-icons';
import type { FastifyInstance } from 'fastify';
import { ICON_NAMES, ICON_SPRITE_PATH } from '../../shared/icons';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** 'bi-arrow-up' → ArrowUp, the component react-bootstrap-icons exports for it. */
function componentName(iconName: string): string {
  const pascal = iconName
    .slice('bi-'.length)
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
  return /^\d/.test(pascal) ? `Icon${pascal}` : pascal;
}

export function iconSprite(): string {
  const library = bootstrapIcons as unknown as Record<string, ComponentType>;
  const symbols = ICON_NAMES.map((name) => {
    const icon = library[componentName(name)];
    if (!icon) throw new Error(`react-bootstrap-icons has no icon for ${name}`);
    const drawing = renderToStaticMarkup(createElement(icon)).replace(/^<svg[^>]*>|<\/svg>$/g, '');
    return `<symbol id="${name}" viewBox="0 0 16 16">${drawing}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

export function registerIconSprite(app: FastifyInstance): void {
  const sprite = iconSprite();
  app.get(ICON_SPRITE_PATH, async (_request, reply) =>
    reply.type('image/svg+xml; charset=utf-8').header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`).send(sprite),
  );
}
