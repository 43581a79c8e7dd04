/**
 * How stored values are encoded (Jackson, with the generated full generic types, decoding
 * strictly and within one payload limit) and validated (Hibernate Validator, only where the
 * processor found Jakarta constraints), and the codecs that may turn the encoded bytes into what
 * the store keeps ({@link dev.durable.runtime.codec.PayloadCodec}: encryption with keys that
 * rotate, compression, {@link dev.durable.runtime.codec.PayloadCodecs}).
 *
 * <p>It builds on the API, {@code dev.durable.runtime}, and on {@code .spi}: it throws the API's
 * exceptions ({@link dev.durable.runtime.codec.PayloadException} is a {@code DurableException}),
 * keeps to the API's rules (the payload limit, the default mapper, {@code StoredText}), and
 * encodes what {@code spi.Payload} describes. Neither names anything here: a builder option that
 * takes a codec takes an interface of the API that the codec's type extends.
 */
package dev.durable.runtime.codec;
