package ${package};

/** What the workflow's steps call: replace it with your own services. */
public class Inventory {
  public String reserve(String item) {
    return "reservation of " + item;
  }
}
