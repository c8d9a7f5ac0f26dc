/**
 * The user area: the user list with search and level groups, a user's
 * page, editing one field at a time, deleting, flagging all unapproved comments, and acting as the user.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  USER_LIST_PAGE_SIZE,
  USER_NOTICES,
  USER_AREA_CONTACT,
  USER_FLAG_FIELDS,
  NOT_IMPERSONATING,
  STOP_IMPERSONATING_URL,
  type UserPermissions,
} from '../../../shared/users';
import { USER_LIST_URL } from '../../../shared/navigation';
import { ROUTES, type Route } from '../../../shared/routes';
import {
  canChangeUserType,
  canDeleteUser,
  canFlagUserComments,
  canImpersonate,
  canManageUsers,
  canOpenUser,
  canSetUserFlag,
  canSetUserType,
  isSignedIn,
  userCan,
  type Viewer,
} from '../../access/policy';
import { impersonatorOf, startImpersonating, stopImpersonating } from '../../auth/impersonation';
import { forbidden, HttpError } from '../../lib/http-errors';
import { paginated } from '../../lib/pagination';
import { paramsOf } from '../../lib/validation';
import { allUserTypes, commentsBy, deleteUser, findManagedUser, flagUnapprovedComments, itemsCreatedBy, listUsers, type ManagedUser } from './queries';
import { userListQuerySchema } from './schemas';
import { deletionImpact } from './deletion-impact';
import { recordEvent } from '../history';
import { updateUserField, USER_FIELD_RULES } from './update-field';
import { perMinute } from '../../web/rate-limit';
import { describedAs, publicBecause, signedInViewer } from '../../access/guards';
import { loaded, loads, type RecordGuard } from '../../access/record-guard';
import { personGrants } from '../sharing';

const USERS_BREADCRUMB = { label: 'Users', href: USER_LIST_URL };

/**
 * A refusal in the user area: anonymous visitors get the plain 403 page; signed-in users get it with a message saying
 * whom to contact (managers and user managers: the provider's team; others: also their regional field
 * contact).
 */
function refusal(request: FastifyRequest): HttpError {
  const viewer = request.viewer;
  if (!isSignedIn(viewer)) return forbidden();
  const team = request.server.config.APP_NAME;
  return forbidden(viewer.manager || canManageUsers(viewer) ? USER_AREA_CONTACT.managers(team) : USER_AREA_CONTACT.others(team));
}

/** Route option: the user area is for those who manage users; anyone else gets the refusal above. */
const userManagers = describedAs('canManageUsers', async (request: FastifyRequest): Promise<void> => {
  if (!canManageUsers(request.viewer)) throw refusal(request);
});

/** The user the path's ref names, one the viewer may open, and what the route does to them; refused as above. */
const openedUser = loads('user', findManagedUser, { opens: canOpenUser, refusal });
const deletedUser = loads('user', findManagedUser, { opens: canOpenUser, may: canDeleteUser, refusal });
const flaggedUser = loads('user', findManagedUser, { opens: canOpenUser, may: canFlagUserComments, refusal });
const impersonatedUser = loads('user', findManagedUser, {
  opens: canOpenUser,
  may: (viewer, user, request) => canImpersonate(viewer, user, impersonatorOf(request) !== null),
  rule: 'canOpenUser + canImpersonate',
  refusal,
});

function permissionsFor(viewer: Viewer, user: ManagedUser): UserPermissions {
  const flags = Object.fromEntries(USER_FLAG_FIELDS.map((flag) => [flag, canSetUserFlag(viewer, user, flag)])) as UserPermissions['flags'];
  return { changeUserType: canChangeUserType(viewer, user), flags };
}

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const listRateLimit = perMinute(app.config.RATE_LIMIT_USER_SEARCH_MAX);
  const oneUser = <Pattern extends string>(contract: Route<Pattern>, user: RecordGuard<ManagedUser>) => ({
    preValidation: [userManagers, user],
    schema: { params: paramsOf(contract) },
  });

  app.get(
    USER_LIST_URL,
    { config: { rateLimit: listRateLimit }, preValidation: userManagers, schema: { querystring: userListQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      const { users, total } = await listUsers(app.db, request.viewer, query);
      // The page links carry the filters as read (unset ones left out), not the raw query with its junk.
      const filterQuery = { search: query.search || undefined, level: query.level ?? undefined };
      return reply.inertia('user/Index', {
        users: paginated(users, { path: USER_LIST_URL, query: filterQuery, page: query.page, perPage: USER_LIST_PAGE_SIZE, total }),
        total,
        filters: { search: query.search, level: query.level },
        title: 'Users',
        breadcrumbs: [USERS_BREADCRUMB],
      });
    },
  );

  app.post(STOP_IMPERSONATING_URL, { preValidation: publicBecause('ends the impersonation the session holds (400 without one)') }, async (request, reply) => {
    const actedAs = request.viewer;
    const stopped = await stopImpersonating(request);
    if (!stopped) throw new HttpError(400, NOT_IMPERSONATING);
    const real = request.viewer;
    if (isSignedIn(real)) {
      await recordEvent(app.db, {
        kind: 'stop_impersonating',
        actorUserId: real.id,
        subjectUserId: stopped.subjectUserId,
        details: { request_id: request.id },
      });
      reply.notify(USER_NOTICES.returned(real.name));
    }
    return reply.redirect(isSignedIn(real) && actedAs.ref ? ROUTES.user.path({ ref: actedAs.ref }) : '/', 303);
  });

  app.get(ROUTES.user.pattern, oneUser(ROUTES.user, openedUser), async (request, reply) => {
    const viewer = request.viewer;
    const user = loaded(request, openedUser);
    const can = userCan(viewer, user, impersonatorOf(request) !== null);
    const [itemsCreated, userComments, types, grants, impact] = await Promise.all([
      itemsCreatedBy(app.db, viewer, user.id),
      commentsBy(app.db, viewer, user.id),
      allUserTypes(app.db),
      personGrants(app.db, viewer, { id: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null }),
      can.delete ? deletionImpact(app.db, user.id) : null,
    ]);
    return reply.inertia('user/Show', {
      user: {
        ref: user.ref,
        name: user.name,
        email: user.email,
        phone: user.phone,
        user_type: user.userType,
        login_using: user.loginUsing,
        items_created: itemsCreated,
        comments: userComments,
        admin: user.admin,
        superadmin: user.superadmin,
        manager: user.manager,
        manage_users: user.manageUsers,
      },
      can,
      permissions: permissionsFor(viewer, user),
      userTypeChoices: types.filter((type) => type.id === user.userType.id || canSetUserType(viewer, type)),
      grants,
      deletion: impact && { impact, retentionDays: app.config.TRASH_RETENTION_DAYS },
      title: user.name,
      breadcrumbs: [USERS_BREADCRUMB, { label: user.name }],
    });
  });

  app.patch(ROUTES.user.pattern, oneUser(ROUTES.user, openedUser), async (request, reply) => {
    const user = loaded(request, openedUser);
    const [name, value] = USER_FIELD_RULES.pick(request.body);
    const result = await updateUserField(app.db, request.viewer, user, name, value);
    if (!result.ok) return reply.redirectWithErrors(result.errors, ROUTES.user.path({ ref: user.ref }));
    return reply.notify(USER_NOTICES.saved).redirectBack(ROUTES.user.path({ ref: user.ref }));
  });

  app.delete(ROUTES.user.pattern, oneUser(ROUTES.user, deletedUser), async (request, reply) => {
    const viewer = signedInViewer(request);
    const user = loaded(request, deletedUser);
    await deleteUser(app.db, viewer.id, user);
    reply.notify(USER_NOTICES.deleted(user.name));
    return reply.redirect('/user', 303);
  });

  app.post(ROUTES.userFlagAllUnapprovedComments.pattern, oneUser(ROUTES.userFlagAllUnapprovedComments, flaggedUser), async (request, reply) => {
    const user = loaded(request, flaggedUser);
    const flagged = await flagUnapprovedComments(app.db, user.id);
    return reply.notify(USER_NOTICES.commentsFlagged(flagged)).redirectBack(ROUTES.user.path({ ref: user.ref }));
  });

  app.post(ROUTES.userImpersonate.pattern, oneUser(ROUTES.userImpersonate, impersonatedUser), async (request, reply) => {
    const viewer = signedInViewer(request);
    const user = loaded(request, impersonatedUser);
    // Recorded first: no one acts as another user without a trace.
    await recordEvent(app.db, { kind: 'impersonate', actorUserId: viewer.id, subjectUserId: user.id, details: { request_id: request.id } });
    await startImpersonating(request, user.id);
    reply.notify(USER_NOTICES.impersonating(user.name));
    return reply.redirect('/', 303);
  });
};
