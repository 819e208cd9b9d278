package tokens

import "github.com/mcplint/mcplint/engine/internal/tokens/internal/table"

// scanMax is the longest piece merged by linear scans; longer ones (long
// runs of spaces, base64, minified identifiers) use a heap, so a piece of n
// bytes costs O(n log n) rather than O(n²).
const scanMax = 128

const noRank = table.NoRank

// part is a boundary between merged parts of a piece: where the part starts
// and the rank of the token that merging it with the next part would make.
type part struct {
	start uint32
	rank  uint32
}

// pieceCount is the number of tokens byte-pair encoding makes of piece:
// while some two neighbouring parts form a token, merge the pair whose token
// has the lowest rank, the leftmost on a tie, exactly as tiktoken does.
func pieceCount(t *table.Table, piece string) int {
	if len(piece) == 1 || t.Rank(piece) != noRank {
		return 1
	}
	if len(piece) > scanMax {
		return pieceCountHeap(t, piece)
	}
	var buf [scanMax + 1]part
	parts := buf[:len(piece)+1]
	for i := range parts {
		parts[i] = part{uint32(i), noRank}
	}
	for i := 0; i+2 <= len(piece); i++ {
		parts[i].rank = t.PairRank(piece[i], piece[i+1])
	}
	// joined is the rank of parts i and i+1 together with i+2, i.e. after
	// i+1 merges into i.
	joined := func(i int) uint32 {
		if i+3 < len(parts) {
			return t.Rank(piece[parts[i].start:parts[i+3].start])
		}
		return noRank
	}
	for {
		best, at := noRank, -1
		for i, p := range parts[:len(parts)-1] {
			if p.rank < best {
				best, at = p.rank, i
			}
		}
		if at < 0 {
			return len(parts) - 1
		}
		if at > 0 {
			parts[at-1].rank = joined(at - 1)
		}
		parts[at].rank = joined(at)
		parts = append(parts[:at+1], parts[at+2:]...)
	}
}

// node is a boundary in pieceCountHeap's linked list of parts.
type node struct {
	prev, next int32
	rank       uint32
}

// pieceCountHeap makes the same merges as pieceCount's scan with a min-heap
// ordered by rank, then position.
func pieceCountHeap(t *table.Table, piece string) int {
	n := int32(len(piece))
	nodes := make([]node, n+1)
	for i := range nodes {
		nodes[i] = node{prev: int32(i) - 1, next: int32(i) + 1, rank: noRank}
	}
	nodes[n].next = -1
	// pairRank is the rank of the part at i merged with the next part.
	pairRank := func(i int32) uint32 {
		j := nodes[i].next
		if j < 0 {
			return noRank
		}
		k := nodes[j].next
		if k < 0 {
			return noRank
		}
		return t.Rank(piece[i:k])
	}
	h := make(mergeHeap, 0, n)
	for i := int32(0); i+2 <= n; i++ {
		if r := t.PairRank(piece[i], piece[i+1]); r != noRank {
			nodes[i].rank = r
			h = append(h, candidate(r, i))
		}
	}
	h.init()
	count := int(n)
	for len(h) > 0 {
		c := h.pop()
		i := int32(uint32(c))
		if nodes[i].rank != uint32(c>>32) {
			continue
		}
		j := nodes[i].next
		k := nodes[j].next
		nodes[j].rank = noRank
		nodes[i].next = k
		if k >= 0 {
			nodes[k].prev = i
		}
		count--
		for _, b := range [2]int32{i, nodes[i].prev} {
			if b < 0 {
				continue
			}
			nodes[b].rank = pairRank(b)
			if nodes[b].rank != noRank {
				h.push(candidate(nodes[b].rank, b))
			}
		}
	}
	return count
}

// candidate is a possible merge, the rank of its token above the boundary
// it starts at, so that candidates order by rank, then position: of equal
// ranks the leftmost pair merges first. A candidate whose boundary has
// changed rank since it was pushed is stale.
func candidate(rank uint32, at int32) uint64 {
	return uint64(rank)<<32 | uint64(at)
}

// mergeHeap is a binary min-heap of candidates.
type mergeHeap []uint64

func (h mergeHeap) less(a, b int) bool { return h[a] < h[b] }

func (h mergeHeap) init() {
	for i := len(h)/2 - 1; i >= 0; i-- {
		h.down(i)
	}
}

func (h *mergeHeap) push(c uint64) {
	*h = append(*h, c)
	h.up(len(*h) - 1)
}

func (h *mergeHeap) pop() uint64 {
	old := *h
	top := old[0]
	last := len(old) - 1
	old[0] = old[last]
	*h = old[:last]
	h.down(0)
	return top
}

func (h mergeHeap) up(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			return
		}
		h[i], h[parent] = h[parent], h[i]
		i = parent
	}
}

func (h mergeHeap) down(i int) {
	for {
		child := 2*i + 1
		if child >= len(h) {
			return
		}
		if right := child + 1; right < len(h) && h.less(right, child) {
			child = right
		}
		if !h.less(child, i) {
			return
		}
		h[i], h[child] = h[child], h[i]
		i = child
	}
}
