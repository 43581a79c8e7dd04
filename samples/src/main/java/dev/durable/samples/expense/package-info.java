/**
 * The approval sample: an expense claim mails its manager a link (a signal token) and waits
 * durably for the manager's typed {@code decision} signal (with a three-day limit), which the link
 * sends or a client does; an approved claim is paid out by a child run, a run timeout
 * bounds the whole claim, and a nightly report runs on a schedule. Copy this package to start a
 * workflow that waits for people.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=expense}.
 */
package dev.durable.samples.expense;
