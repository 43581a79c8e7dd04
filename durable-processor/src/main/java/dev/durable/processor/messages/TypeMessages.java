package dev.durable.processor.messages;

/**
 * The diagnostics of the types a run, step or signal stores, and of the types the generated code
 * names: each constant a stable tag, what the rule catches (its title in the error catalogue) and
 * the text; each factory makes one {@link Message}.
 */
public enum TypeMessages implements MessageKind {

  // ---- Stored types: args are position, type, path ("" or " in field 'x' of com.acme.Y ...") ----

  TYPE_TOO_GENERAL(
      "type-too-general",
      "a stored type of `Object`, a type variable or `?`",
      "%s cannot be stored: type %s%s is too general to decode; use a concrete type such as a"
          + " record, or JsonNode for free-form JSON"),
  TYPE_RAW(
      "type-raw",
      "a raw type such as `List`",
      "%s cannot be stored: raw type %s%s does not say what it holds; add its type arguments"),
  TYPE_LIVE_OBJECT(
      "type-live-object",
      "streams, readers, sockets, connections, threads, futures, executors, `Class`...",
      "%s cannot be stored: type %s%s is a live object (a resource, stream, thread, task or class),"
          + " not data; store the data it carries instead, such as a byte[], a String or an id"),
  TYPE_ITERATOR(
      "type-iterator",
      "an `Iterator` or a bare `Iterable`",
      "%s cannot be stored: type %s%s is an iterator or iterable, not a collection; use a List or a"
          + " Set"),
  TYPE_FUNCTIONAL(
      "type-functional",
      "a functional interface (lambdas cannot be stored)",
      "%s cannot be stored: type %s%s is a functional interface, and functional interfaces and"
          + " lambdas cannot be stored; store the data the function needs and call it in a step"),
  TYPE_ABSTRACT(
      "type-abstract",
      "an interface or abstract class Jackson cannot construct",
      "%s cannot be stored: type %s%s is an interface or abstract class that Jackson cannot"
          + " construct; use a concrete class or a record, or annotate it @JsonTypeInfo with its"
          + " subtypes"),
  TYPE_INNER_CLASS(
      "type-inner-class",
      "a non-static inner class",
      "%s cannot be stored: type %s%s is an inner class, which needs an enclosing instance to be"
          + " created; make it a static nested class or a record"),
  TYPE_NO_CONSTRUCTOR(
      "type-no-constructor",
      "a class with no constructor Jackson can use",
      "%s cannot be stored: type %s%s has no constructor Jackson can use; add a no-argument"
          + " constructor or a @JsonCreator constructor, or make it a record"),
  TYPE_NO_PROPERTIES(
      "type-no-properties",
      "a class in which Jackson sees no property (no public field or getter, nothing"
          + " annotated `@JsonProperty`): \"No serializer found\"",
      "%s cannot be stored: type %s%s has no property Jackson can see (a public field, a public"
          + " getter such as getCents(), or a member annotated @JsonProperty), so it cannot be"
          + " written (\"No serializer found\"); add getters, annotate its fields @JsonProperty,"
          + " or make it a record"),
  TYPE_MAP_KEY(
      "type-map-key",
      "a map key other than `String`, a boxed primitive, an enum or `UUID`",
      "%s cannot be stored: map key type %s%s cannot be decoded from a JSON field name; use String,"
          + " a boxed primitive, an enum or UUID as the key"),

  // ---- Types the generated code names: args are position, type, path as above -------------------

  TYPE_PRIVATE(
      "type-private",
      "a step or run parameter or result of a private type, or of a type nested in a private"
          + " class: the generated classes cannot name it",
      "%s cannot be used: type %s%s is private, so the code generated in its package cannot refer"
          + " to it; make it package-private or public"),
  /** Args: position, type, path, the private enclosing class. */
  TYPE_IN_PRIVATE_CLASS(
      "type-enclosing-private",
      "a step or run parameter or result of a private type, or of a type nested in a private"
          + " class: the generated classes cannot name it",
      "%s cannot be used: type %s%s is nested in private class %s, so the code generated in its"
          + " package cannot refer to it; make %4$s package-private or move the type out of it"),
  /** Args: position, type, path, the package of the generated code. */
  TYPE_PROTECTED(
      "type-protected",
      "a step or run parameter or result of a protected type of a superclass in another package",
      "%s cannot be used: type %s%s is protected in a class of another package, so the code"
          + " generated in package %s cannot refer to it; make it public");

  private final String tag;
  private final String title;
  private final String template;

  TypeMessages(String tag, String title, String template) {
    this.tag = tag;
    this.title = title;
    this.template = template;
  }

  @Override
  public String tag() {
    return "durable:" + tag;
  }

  @Override
  public String title() {
    return title;
  }

  @Override
  public String template() {
    return template;
  }

  /** A stored-type problem ({@code TYPE_...}): where, the type, and the path leading to it. */
  public Message storedType(String position, String type, String path) {
    return Message.of(this, position, type, path);
  }

  // ---- One factory per message, its arguments typed and named ---------------------------------

  /** {@link #TYPE_TOO_GENERAL}. */
  public static Message typeTooGeneral(String position, String type, String path) {
    return Message.of(TYPE_TOO_GENERAL, position, type, path);
  }

  /** {@link #TYPE_RAW}. */
  public static Message typeRaw(String position, String type, String path) {
    return Message.of(TYPE_RAW, position, type, path);
  }

  /** {@link #TYPE_LIVE_OBJECT}. */
  public static Message typeLiveObject(String position, String type, String path) {
    return Message.of(TYPE_LIVE_OBJECT, position, type, path);
  }

  /** {@link #TYPE_ITERATOR}. */
  public static Message typeIterator(String position, String type, String path) {
    return Message.of(TYPE_ITERATOR, position, type, path);
  }

  /** {@link #TYPE_FUNCTIONAL}. */
  public static Message typeFunctional(String position, String type, String path) {
    return Message.of(TYPE_FUNCTIONAL, position, type, path);
  }

  /** {@link #TYPE_ABSTRACT}. */
  public static Message typeAbstract(String position, String type, String path) {
    return Message.of(TYPE_ABSTRACT, position, type, path);
  }

  /** {@link #TYPE_INNER_CLASS}. */
  public static Message typeInnerClass(String position, String type, String path) {
    return Message.of(TYPE_INNER_CLASS, position, type, path);
  }

  /** {@link #TYPE_NO_CONSTRUCTOR}. */
  public static Message typeNoConstructor(String position, String type, String path) {
    return Message.of(TYPE_NO_CONSTRUCTOR, position, type, path);
  }

  /** {@link #TYPE_NO_PROPERTIES}. */
  public static Message typeNoProperties(String position, String type, String path) {
    return Message.of(TYPE_NO_PROPERTIES, position, type, path);
  }

  /** {@link #TYPE_MAP_KEY}. */
  public static Message typeMapKey(String position, String type, String path) {
    return Message.of(TYPE_MAP_KEY, position, type, path);
  }

  /** {@link #TYPE_PRIVATE}. */
  public static Message typePrivate(String position, String type, String path) {
    return Message.of(TYPE_PRIVATE, position, type, path);
  }

  /** {@link #TYPE_IN_PRIVATE_CLASS}. */
  public static Message typeInPrivateClass(
      String position, String type, String path, String privateOuter) {
    return Message.of(TYPE_IN_PRIVATE_CLASS, position, type, path, privateOuter);
  }

  /** {@link #TYPE_PROTECTED}. */
  public static Message typeProtected(
      String position, String type, String path, CharSequence generatedPackage) {
    return Message.of(TYPE_PROTECTED, position, type, path, generatedPackage);
  }
}
