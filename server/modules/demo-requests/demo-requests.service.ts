import type { CreateDemoRequestBody, DemoRequest, DemoRequestStatus } from '@contract/demo-requests';
import type { Db } from '../../db/database';
import type { DemoRequestRow } from '../../db/schema/commerce';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { demoRequestsRepository as repo } from './demo-requests.repository';

/** The admin list shows the newest 200; older requests stay in the table. */
export const DEMO_REQUESTS_LIST_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toDemoRequest = (row: DemoRequestRow): DemoRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  usecase: row.usecase,
  notes: row.notes,
  status: row.status as DemoRequestStatus,
  createdAt: row.createdAt.toISOString(),
});

export function createDemoRequestsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async create(body: CreateDemoRequestBody): Promise<DemoRequest> {
      return toDemoRequest(await repo.insert(db, { ...body, createdAt: clock.now() }));
    },
    async list(): Promise<DemoRequest[]> {
      return (await repo.list(db, DEMO_REQUESTS_LIST_LIMIT)).map(toDemoRequest);
    },
    /** SPEC §4: transitions are not restricted; notes are replaced only when sent. */
    async update(id: string, body: { status: DemoRequestStatus; notes?: string }): Promise<DemoRequest> {
      if (!UUID.test(id)) throw notFound('That demo request');
      const row = await repo.update(db, id, body.notes === undefined ? { status: body.status } : { status: body.status, notes: body.notes });
      if (!row) throw notFound('That demo request');
      return toDemoRequest(row);
    },
  };
}
export type DemoRequestsService = ReturnType<typeof createDemoRequestsService>;
