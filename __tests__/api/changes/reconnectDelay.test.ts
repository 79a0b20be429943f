import {
  reconnectDelay,
  RECONNECT_OTHERWISE_MS,
  RECONNECT_WHILE_DOWN_MS,
} from '../../../api/changes/notificationConnection';

/** The notification connection's back-off (issue 36): quick while the database is away, slower when it refuses. */
describe('reconnectDelay', () => {
  const failure = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
  const delays = (error: Error | null, fixed?: { first: number; longest: number }) =>
    [0, 1, 2, 3, 4, 10].map((attempts) => reconnectDelay(error, attempts, fixed));

  it('tries again within a fifth of a second while PostgreSQL is not there or coming back', () => {
    for (const error of [
      failure('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      failure('57P01', 'terminating connection due to administrator command'),
      failure('57P03', 'the database system is starting up'),
      new Error('Connection terminated unexpectedly'),
      // node-postgres's AggregateError for IPv4 and IPv6 both refused.
      Object.assign(new AggregateError([failure('ECONNREFUSED')], ''), {}),
    ])
      expect(delays(error)).toEqual([50, 100, 200, 200, 200, 200]);
    expect(RECONNECT_WHILE_DOWN_MS.longest).toBeLessThanOrEqual(200);
  });

  it('backs off to a second when the database is there but refuses (credentials, too many connections, a connection closed for no reason)', () => {
    for (const error of [
      failure('28P01', 'password authentication failed for user "folio"'),
      failure('53300', 'sorry, too many clients already'),
      failure('3D000', 'database "folio" does not exist'),
      null,
    ])
      expect(delays(error)).toEqual([250, 500, 1_000, 1_000, 1_000, 1_000]);
    expect(RECONNECT_OTHERWISE_MS.longest).toBe(1_000);
  });

  it('keeps a fixed back-off when one is given (the fault tests)', () => {
    expect(delays(failure('ECONNREFUSED'), { first: 5_000, longest: 5_000 })).toEqual(
      Array(6).fill(5_000),
    );
  });
});
