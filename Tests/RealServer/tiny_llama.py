"""Writes a tiny llama-architecture model in GGUF: random weights, a byte-level vocabulary and
a ChatML chat template, so that a real inference server can load and run it with nothing
downloaded. It knows no language; what it shows is the server's own behaviour: its wire
format, its streaming, its grammar-constrained sampling, its errors.

One fixed direction of the hidden state is kept constant (its embedding column is set, and no
layer writes to it), and the output weights turn it into a bias: towards the quote, so that a
string the grammar forces open soon closes, and towards letters and the space, so that what is
written looks like words. The model stays random in every other respect.

    python tiny_llama.py OUT.gguf [--context 512]
"""

import argparse
import string
import sys

import numpy as np
from gguf import GGUFWriter, TokenType

EMBEDDING = 64
LAYERS = 2
HEADS = 4
FEED_FORWARD = 128
SEED = 20261125

CHATML = (
    "{% for message in messages %}<|im_start|>{{ message['role'] }}\n{{ message['content'] }}<|im_end|>\n"
    "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


def vocabulary() -> tuple[list[str], list[int], list[float]]:
    """SentencePiece-style: control tokens, the 256 byte tokens, then printable ASCII pieces."""
    tokens = ["<unk>", "<s>", "</s>", "<|im_start|>", "<|im_end|>"]
    types = [TokenType.UNKNOWN, TokenType.CONTROL, TokenType.CONTROL, TokenType.CONTROL, TokenType.CONTROL]
    tokens += [f"<0x{byte:02X}>" for byte in range(256)]
    types += [TokenType.BYTE] * 256
    pieces = ["\u2581" if character == " " else character for character in string.printable[:95]]
    tokens += pieces
    types += [TokenType.NORMAL] * len(pieces)
    scores = [0.0] * (len(tokens) - len(pieces)) + [-1.0] * len(pieces)
    return tokens, [int(kind) for kind in types], scores


def output_bias(tokens: list[str]) -> np.ndarray:
    bias = np.zeros(len(tokens), dtype=np.float32)
    for index, token in enumerate(tokens):
        if token == '"':
            bias[index] = 2.6
        elif token == "\u2581":
            bias[index] = 2.0
        elif len(token) == 1 and token.isalpha():
            bias[index] = 2.2
        elif token == "<|im_end|>":
            bias[index] = 1.0
    return bias


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--context", type=int, default=512)
    arguments = parser.parse_args()

    rng = np.random.default_rng(SEED)
    tokens, types, scores = vocabulary()
    vocab = len(tokens)

    def weights(*shape: int, scale: float = 0.08) -> np.ndarray:
        return (rng.standard_normal(shape) * scale).astype(np.float32)

    writer = GGUFWriter(arguments.out, "llama")
    writer.add_name("storykit-tiny-random")
    writer.add_context_length(arguments.context)
    writer.add_embedding_length(EMBEDDING)
    writer.add_block_count(LAYERS)
    writer.add_feed_forward_length(FEED_FORWARD)
    writer.add_head_count(HEADS)
    writer.add_head_count_kv(HEADS)
    writer.add_rope_dimension_count(EMBEDDING // HEADS)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_vocab_size(vocab)
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_scores(scores)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(4)
    writer.add_chat_template(CHATML)

    # Dimension 0 of the residual stream is the constant the output bias rides on.
    embedding = weights(vocab, EMBEDDING, scale=0.5)
    embedding[:, 0] = 4.0
    writer.add_tensor("token_embd.weight", embedding)
    for layer in range(LAYERS):
        prefix = f"blk.{layer}"
        writer.add_tensor(f"{prefix}.attn_norm.weight", np.ones(EMBEDDING, dtype=np.float32))
        for name in ("attn_q", "attn_k", "attn_v"):
            writer.add_tensor(f"{prefix}.{name}.weight", weights(EMBEDDING, EMBEDDING))
        attention_out = weights(EMBEDDING, EMBEDDING)
        attention_out[0, :] = 0
        writer.add_tensor(f"{prefix}.attn_output.weight", attention_out)
        writer.add_tensor(f"{prefix}.ffn_norm.weight", np.ones(EMBEDDING, dtype=np.float32))
        writer.add_tensor(f"{prefix}.ffn_gate.weight", weights(FEED_FORWARD, EMBEDDING))
        writer.add_tensor(f"{prefix}.ffn_up.weight", weights(FEED_FORWARD, EMBEDDING))
        down = weights(EMBEDDING, FEED_FORWARD)
        down[0, :] = 0
        writer.add_tensor(f"{prefix}.ffn_down.weight", down)
    writer.add_tensor("output_norm.weight", np.ones(EMBEDDING, dtype=np.float32))
    output = weights(vocab, EMBEDDING, scale=0.3)
    # After the norm, dimension 0 holds about 5.6 (4.0 over a root mean square near 0.7).
    output[:, 0] = output_bias(tokens)
    writer.add_tensor("output.weight", output)

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    print(arguments.out)


if __name__ == "__main__":
    sys.exit(main())
