package dev.durable.dashboard;

/**
 * The login form ({@code login.jte}): the dashboard's token, once per browser.
 *
 * @param actionsEnabled whether the dashboard has a token at all (without one nobody logs in)
 * @param problem why the last try was refused, or null
 */
record LoginPage(boolean actionsEnabled, String problem) {}
