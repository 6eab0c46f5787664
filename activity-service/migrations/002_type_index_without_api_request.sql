-- The type index leaves out api_request, the type of every plain request
-- and the bulk of the table: a B-tree entry for it cost every request about
-- 2 µs of PostgreSQL CPU (a quarter of storing the row; docs/benchmarks.md)
-- and told a query nothing the time index does not, since a time range of
-- api_request rows is most of that range's rows anyway (BRIN on created_at
-- finds them). Flow steps, failures, server errors and client events stay
-- indexed by type; a query needs `event_type <> 'api_request'` implied by
-- its own condition to use it (`event_type = 'user_login'` with the type
-- written in the query is; a type passed as a parameter of a generic
-- prepared plan is not).
DROP INDEX activity_events_type_created_at;
CREATE INDEX activity_events_type_created_at ON activity_events (event_type, created_at)
  WHERE event_type <> 'api_request';
