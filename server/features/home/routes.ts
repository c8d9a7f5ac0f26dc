import { publicBecause } from '../../access/guards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const HOME_INTRO =
  'Equip is a shared library of ministry resources, training, people and equipment for youth and children’s work. ' +
  'Find what others have made and tested, affirm what helped you, and share it with your team.';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { preValidation: publicBecause('the home page, for anyone') }, async (_request, reply) =>
    reply.inertia('Home', {
      intro: HOME_INTRO,
      contactHref: app.config.CONTACT_URL,
      bannerUrl: null,
      title: 'Home',
    }),
  );
};
