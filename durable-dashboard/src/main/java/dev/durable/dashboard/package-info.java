/**
 * The Durable web dashboard: {@link dev.durable.dashboard.DurableDashboard} serves pages over an
 * engine's operator API from the user's process, on the JDK's HTTP server. Everything else here is
 * package-private: the router and its pages (each a small class rendering escaped HTML), the
 * sessions behind the token, the style sheet and script under {@code /static/}.
 */
package dev.durable.dashboard;
