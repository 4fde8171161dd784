// Package porttest holds the contract tests of the ports where the
// marketplace keeps what one process would keep in memory: each
// implementation, today's single-node default and any shared one later,
// runs them from its own tests.
package porttest
