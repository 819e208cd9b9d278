// Package table is the layout of the embedded BPE vocabulary: an
// open-addressing hash table from token bytes to rank that is built once by
// the generator and read in place at run time, so start-up parses nothing.
//
// Layout, little-endian:
//
//	header  magic "o200ktb2", uint32 tokens, uint32 log2(slots), uint32 blob bytes, uint32 longest token
//	pairs   65536 uint32: the rank of the two-byte token b0 b1 at b0<<8 | b1, or NoRank
//	slots   uint64 each: rank (18 bits) | len (8) << 18 | blob offset (22) << 26 | tag (16) << 48
//	blob    every token's bytes, in rank order
//
// Byte-pair merging starts by ranking every pair of neighbouring bytes, so
// pairs answer those without hashing. A zero slot is empty (no token has
// length zero). The slot index is the low bits of Hash, the tag its top 16
// bits, so most probes that miss are rejected without touching the blob.
package table

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
)

const (
	magic      = "o200ktb2"
	headerSize = 24
	pairsSize  = 4 << 16

	rankBits   = 18
	lenBits    = 8
	offsetBits = 22
	lenShift   = rankBits
	offShift   = rankBits + lenBits
	tagShift   = 48

	// MaxTokens, MaxTokenLen and MaxBlob are what the slot fields can hold.
	MaxTokens   = 1<<rankBits - 1
	MaxTokenLen = 1<<lenBits - 1
	MaxBlob     = 1 << offsetBits
)

// NoRank is what Rank returns for bytes that are not a token.
const NoRank = ^uint32(0)

// Table is a vocabulary read in place from its serialized form.
type Table struct {
	pairs  string
	slots  string
	blob   string
	mask   uint64
	tokens int
	maxLen int
}

// Open checks data's header and sizes and returns the table that reads it in
// place. It costs no more than the header: the slots are used as they are.
func Open(data string) (Table, error) {
	if len(data) < headerSize || data[:8] != magic {
		return Table{}, errors.New("vocabulary table: bad magic; regenerate it with go generate")
	}
	tokens := int(le32(data, 8))
	logSlots := int(le32(data, 12))
	blobLen := int(le32(data, 16))
	maxLen := int(le32(data, 20))
	if logSlots < 1 || logSlots > 30 || tokens > MaxTokens || blobLen > MaxBlob || maxLen > MaxTokenLen {
		return Table{}, fmt.Errorf("vocabulary table: header out of range (%d tokens, 2^%d slots, %d blob bytes); regenerate it with go generate", tokens, logSlots, blobLen)
	}
	slotBytes := 8 << logSlots
	if want := headerSize + pairsSize + slotBytes + blobLen; len(data) != want {
		return Table{}, fmt.Errorf("vocabulary table: %d bytes, header says %d; regenerate it with go generate", len(data), want)
	}
	slots := headerSize + pairsSize
	return Table{
		pairs:  data[headerSize:slots],
		slots:  data[slots : slots+slotBytes],
		blob:   data[slots+slotBytes:],
		mask:   uint64(1)<<logSlots - 1,
		tokens: tokens,
		maxLen: maxLen,
	}, nil
}

// Len is the number of tokens.
func (t *Table) Len() int { return t.tokens }

// PairRank is the rank of the two-byte token a b, or NoRank.
func (t *Table) PairRank(a, b byte) uint32 {
	return le32(t.pairs, (int(a)<<8|int(b))*4)
}

// MaxLen is the length of the longest token: no longer bytes are a token.
func (t *Table) MaxLen() int { return t.maxLen }

// Rank is the rank of the token whose bytes are s, or NoRank.
func (t *Table) Rank(s string) uint32 {
	if len(s) > t.maxLen {
		return NoRank
	}
	h := Hash(s)
	tag := h >> tagShift
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		e := le64(t.slots, int(i)*8)
		if e == 0 {
			return NoRank
		}
		if e>>tagShift != tag || int(e>>lenShift&(1<<lenBits-1)) != len(s) {
			continue
		}
		off := int(e >> offShift & (1<<offsetBits - 1))
		if t.blob[off:off+len(s)] == s {
			return uint32(e & (1<<rankBits - 1))
		}
	}
}

// Build serializes tokens, where tokens[r] is the bytes of the token of rank
// r, into the layout Open reads.
func Build(tokens []string) ([]byte, error) {
	if len(tokens) > MaxTokens {
		return nil, fmt.Errorf("vocabulary has %d tokens; the table holds at most %d", len(tokens), MaxTokens)
	}
	// A load factor under one half keeps the probe sequences of misses,
	// which byte-pair merging asks about most, short.
	logSlots := bits.Len(uint(len(tokens))) + 1
	mask := uint64(1)<<logSlots - 1
	slots := make([]uint64, 1<<logSlots)
	pairs := make([]uint32, 1<<16)
	for i := range pairs {
		pairs[i] = NoRank
	}
	var blob []byte
	maxLen := 0
	seen := make(map[string]int, len(tokens))
	for r, tok := range tokens {
		if len(tok) == 0 || len(tok) > MaxTokenLen {
			return nil, fmt.Errorf("token %d is %d bytes; tokens must be 1 to %d bytes", r, len(tok), MaxTokenLen)
		}
		if prev, dup := seen[tok]; dup {
			return nil, fmt.Errorf("tokens %d and %d are both %q; ranks must be unique", prev, r, tok)
		}
		seen[tok] = r
		maxLen = max(maxLen, len(tok))
		off := len(blob)
		if off+len(tok) > MaxBlob {
			return nil, fmt.Errorf("tokens exceed %d bytes; the table cannot address them", MaxBlob)
		}
		blob = append(blob, tok...)
		if len(tok) == 2 {
			pairs[int(tok[0])<<8|int(tok[1])] = uint32(r)
		}
		h := Hash(tok)
		i := h & mask
		for slots[i] != 0 {
			i = (i + 1) & mask
		}
		slots[i] = uint64(r) | uint64(len(tok))<<lenShift | uint64(off)<<offShift | h>>tagShift<<tagShift
	}
	out := make([]byte, 0, headerSize+pairsSize+8*len(slots)+len(blob))
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(tokens)))
	out = binary.LittleEndian.AppendUint32(out, uint32(logSlots))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(blob)))
	out = binary.LittleEndian.AppendUint32(out, uint32(maxLen))
	for _, r := range pairs {
		out = binary.LittleEndian.AppendUint32(out, r)
	}
	for _, e := range slots {
		out = binary.LittleEndian.AppendUint64(out, e)
	}
	return append(out, blob...), nil
}

const (
	hashSeed = 0xa0761d6478bd642f
	hashMul1 = 0xe7037ed1a0b428db
	hashMul2 = 0x8ebc6af09c88c6e3
)

// Hash is the table's hash of s: a multiply-fold over 8-byte words, so a
// token of up to 8 bytes costs one multiplication. The last word, and the
// words of shorter strings, are read overlapping the ones before; with the
// length in the seed that still reads every byte.
func Hash(s string) uint64 {
	h := uint64(len(s)) ^ hashSeed
	var w uint64
	switch n := len(s); {
	case n >= 8:
		for ; n > 8; n -= 8 {
			h = mix(h^le64(s, len(s)-n), hashMul1)
		}
		w = le64(s, len(s)-8)
	case n >= 4:
		w = uint64(le32(s, 0)) | uint64(le32(s, n-4))<<32
	case n > 0:
		w = uint64(s[0]) | uint64(s[n/2])<<8 | uint64(s[n-1])<<16
	}
	return mix(h^w^hashMul1, hashMul2)
}

func mix(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

func le32(s string, i int) uint32 {
	_ = s[i+3]
	return uint32(s[i]) | uint32(s[i+1])<<8 | uint32(s[i+2])<<16 | uint32(s[i+3])<<24
}

func le64(s string, i int) uint64 {
	_ = s[i+7]
	return uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
		uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
}
