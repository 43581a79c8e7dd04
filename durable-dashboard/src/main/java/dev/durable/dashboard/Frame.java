package dev.durable.dashboard;

import java.time.Duration;

/**
 * What every page's frame ({@code layout.jte}) shows around its content: the title, the section
 * the navigation marks, who is looking (read-only, log in, logged in, the last action's message),
 * and how often the live switch fetches the page's data again.
 */
record Frame(String title, Section section, Viewer viewer, Duration refresh) {}
