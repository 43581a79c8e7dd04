package dev.durable.dashboard;

import dev.durable.runtime.RunInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The runs list ({@code /}, {@code runs.jte}): the filter form, a page of runs newest first, the
 * next page link.
 *
 * @param runs the runs of this page
 * @param hasNext whether more runs follow this page
 * @param problems what could not be read in the query
 */
record RunsPage(RunsQuery query, List<RunInfo> runs, boolean hasNext, List<String> problems) {
  /** How much of a failed run's error message the list shows. */
  static final int ERROR_CHARS = 160;

  /** The page sizes the form offers, with the one asked for by URL if it is not among them. */
  List<Integer> pageSizes() {
    List<Integer> sizes = new ArrayList<>(RunsQuery.LIMITS);
    if (!sizes.contains(query.pageSize())) {
      sizes.add(query.pageSize());
    }
    return sizes;
  }

  /** The link to the next page, after this page's last run; null on the last page. */
  String nextPage() {
    if (!hasNext || runs.isEmpty()) {
      return null;
    }
    Map<String, String> next = query.parameters();
    next.put("after", runs.get(runs.size() - 1).id());
    return Links.withQuery("/", next);
  }

  /** The link to the first page with the same filter; null on the first page. */
  String firstPage() {
    return query.after().isEmpty() ? null : Links.withQuery("/", query.parameters());
  }
}
