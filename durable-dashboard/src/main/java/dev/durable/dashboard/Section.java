package dev.durable.dashboard;

import java.util.Arrays;
import java.util.List;

/** The pages in the navigation, by path; {@link #NONE} for a page outside it (a run, an error). */
enum Section {
  RUNS("/", "Runs"),
  QUEUES("/queues", "Queues"),
  WORKERS("/workers", "Workers and queues"),
  LOST("/lost", "Lost tasks"),
  SCHEDULES("/schedules", "Schedules"),
  NONE("", "");

  /** The sections the navigation links, in their order here. */
  static final List<Section> NAVIGATION =
      Arrays.stream(values()).filter(section -> section != NONE).toList();

  final String path;
  final String label;

  Section(String path, String label) {
    this.path = path;
    this.label = label;
  }
}
