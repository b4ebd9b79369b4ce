/**
 * The moment every test suite's schedules take as now (SCHEDULE_CLOCK, server/config.ts): before
 * the sample job openings' closing date (2027-02-28, placeholder content), so no opening leaves the
 * site by itself in the middle of a test, whatever day the tests run. Tests of the closing itself
 * set their own clock.
 */
export const TEST_SCHEDULE_CLOCK = '2026-12-01T09:00:00+05:30';
