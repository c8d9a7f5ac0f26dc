/** The public entry of server/features/batch-edit: its routes (app.ts registers them). */
export { batchEditRoutes } from './routes';
