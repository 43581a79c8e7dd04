/** Workflows the dashboard's tests run, compiled by the real processor. */
package dev.durable.dashboard.flows;
